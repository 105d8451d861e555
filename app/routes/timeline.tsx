export default function Page() {
  return <main>timeline</main>;
}
