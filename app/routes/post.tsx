export default function Page() {
  return <main>post</main>;
}
