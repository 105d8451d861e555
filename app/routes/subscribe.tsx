import { redirect } from 'react-router';

/** /subscribe goes to the subscribed tags (SPEC §2.3). */
export function loader() {
  throw redirect('/subscribe/subscribed');
}

export default function Subscribe() {
  return null;
}
