export default function Page() {
  return <main>welcome</main>;
}
