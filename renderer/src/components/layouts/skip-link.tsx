/** The first stop of the Tab key on every page: past the header and menu to the page itself (#main). */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}
