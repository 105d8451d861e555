import { Link } from 'react-router';

export interface SentInvitation {
  id: string;
  receiverName: string;
  receiverEmail: string;
  createdAt: string;
  accepted: { id: string; username: string } | null;
}

/** The invitations the person sent, and who joined through each (/user/invitation). */
export function SentInvitations({ invitations }: { invitations: SentInvitation[] }) {
  if (invitations.length === 0) return null;
  return (
    <section className="mt-8 max-w-xl" aria-labelledby="sent-invitations">
      <h2 id="sent-invitations" className="font-medium text-fg text-sm">
        已发出的邀请
      </h2>
      <ul className="mt-2 divide-y divide-line rounded-md border border-line">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="truncate text-fg">{invitation.receiverName}</p>
              <p className="truncate text-fg-3 text-xs">
                {invitation.receiverEmail} · {invitation.createdAt.slice(0, 10)}
              </p>
            </div>
            {invitation.accepted ? (
              <span className="shrink-0 text-success">
                已加入：
                <Link to={`/user/${invitation.accepted.id}`} className="text-brand hover:underline">
                  {invitation.accepted.username}
                </Link>
              </span>
            ) : (
              <span className="shrink-0 text-fg-3">待接受</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
