import { Link } from 'react-router';

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Protection for your crop, owned by growers like you</h1>
          <p className="lead">
            Grain Growers Mutual is a farmer-owned discretionary mutual. Members pool their contributions to protect standing grain crops in Western Australia against hail, and fire and
            lightning. It is not insurance: claims are decided by the mutual's board under the rules members agree to.
          </p>
          <Link to="/quote" className="button button-accent button-large">
            Get a Quote
          </Link>
        </div>
      </section>
      <section id="about" className="container section">
        <h2>About the mutual</h2>
        <p>We were started by wheatbelt families who wanted protection that understands how grain is grown, harvested and sold in the West.</p>
      </section>
      <section id="mission" className="container section">
        <h2>Our mission</h2>
        <p>Fair, affordable protection for every grower, with surpluses kept for members rather than paid to shareholders.</p>
      </section>
      <section id="quote" className="container section">
        <h2>See what protection costs</h2>
        <p>Map your paddocks, tell us what is sown, and see an estimate for hail, fire and lightning, or both, in a few minutes.</p>
        <Link to="/quote" className="button button-primary">
          Start a quote
        </Link>
      </section>
      <section id="contact" className="container section">
        <h2>Contact us</h2>
        <p>Call (08) 9000 0000 or email members@grainmutual.example.</p>
      </section>
    </>
  );
}
