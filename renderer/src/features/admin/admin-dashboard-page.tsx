export default function AdminDashboardPage() {
  return (
    <section>
      <h1>Admin Dashboard</h1>
      <p>Members, quotes, claims and form submissions at a glance.</p>
    </section>
  );
}
