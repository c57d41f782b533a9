export default function DashboardHomePage() {
  return (
    <section>
      <h1>Dashboard</h1>
      <p>Your season at a glance: protection, payments, claims and drafts.</p>
    </section>
  );
}
