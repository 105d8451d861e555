export default function Page() {
  return <main>search</main>;
}
