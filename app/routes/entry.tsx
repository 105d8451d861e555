export default function Page() {
  return <main>entry</main>;
}
