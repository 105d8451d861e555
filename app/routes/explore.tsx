export default function Page() {
  return <main>explore</main>;
}
