/** A console tab whose tools arrive with a later piece of work: says so, and what it will hold. */
export function ComingSoon({ title, children }: { title: string; children: string }) {
  return (
    <div className="card">
      <h2>{title}</h2>
      <p>{children}</p>
    </div>
  );
}
