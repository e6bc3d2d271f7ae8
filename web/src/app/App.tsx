// The app shell (placeholder until the shell lands).
export function App() {
  return <h1>WriteIt</h1>;
}
