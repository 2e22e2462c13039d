/** The app root; the sign-in and shell issues replace this with routes and guards. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>HawkEye</h1>
      <p>Call analytics for leasing teams.</p>
    </main>
  );
}
