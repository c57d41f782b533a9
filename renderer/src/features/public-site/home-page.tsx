import { QUOTE_MODE } from '@shared/constants';
import { Link } from 'react-router';
import { quoteButton } from '../../content/site';
import { track } from '../../lib/analytics';
import { homeContent as content } from './content/home';
import styles from './home-page.module.css';
import { usePageTitle } from '../../lib/page-title';

export default function HomePage() {
  usePageTitle(content.title);
  const onQuote = (place: string) => () => track('quote_cta.clicked', { place, mode: QUOTE_MODE });
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-heading">
        <img className={styles.heroImage} src="/images/wheatbelt-hero.svg" alt={content.hero.imageAlt} width={1200} height={520} fetchPriority="high" decoding="async" />
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroPanel}>
            <h1 id="hero-heading">{content.hero.heading}</h1>
            <p className="lead">{content.hero.lead}</p>
            <div className={styles.actions}>
              <Link to={quoteButton.to} className="button button-accent button-large" onClick={onQuote('hero')}>
                {quoteButton.label}
              </Link>
              <Link to={content.hero.secondaryCta.href} className="button button-large">
                {content.hero.secondaryCta.label}
              </Link>
            </div>
            <p className={styles.notInsurance}>{content.hero.notInsurance}</p>
          </div>
        </div>
      </section>

      <section className="container section" aria-label="What we protect">
        <ul className={`grid ${styles.highlights}`}>
          {content.highlights.map((item) => (
            <li key={item.title} className="card">
              <h2 className={styles.cardHeading}>{item.title}</h2>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="about" className={`container section ${styles.split}`} aria-labelledby="about-heading">
        <div className="prose">
          <h2 id="about-heading">{content.about.heading}</h2>
          {content.about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Link to={content.about.link.href}>{content.about.link.label}</Link>
        </div>
        <aside className={`card ${styles.discretionary}`} aria-labelledby="discretionary-heading">
          <h2 id="discretionary-heading" className={styles.cardHeading}>
            {content.discretionary.heading}
          </h2>
          <p>{content.discretionary.text}</p>
          <Link to={content.discretionary.link.href}>{content.discretionary.link.label}</Link>
        </aside>
      </section>

      <section id="mission" className={styles.mission} aria-labelledby="mission-heading">
        <div className="container section">
          <h2 id="mission-heading">{content.mission.heading}</h2>
          <p className="lead">{content.mission.lead}</p>
          <ul className="grid">
            {content.mission.points.map((point) => (
              <li key={point.title} className={styles.point}>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="quote" className="container section" aria-labelledby="quote-heading">
        <div className={`card ${styles.quote}`}>
          <div>
            <h2 id="quote-heading">{content.quote.heading}</h2>
            <p>{QUOTE_MODE === 'quote' ? content.quote.text : content.quote.registerText}</p>
          </div>
          <Link to={quoteButton.to} className="button button-primary button-large" onClick={onQuote('quote-section')}>
            {quoteButton.label}
          </Link>
        </div>
      </section>
    </>
  );
}
