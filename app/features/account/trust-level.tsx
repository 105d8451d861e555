import { newAccountLimitLines, type TrustStanding } from '@core/trust.ts';

/** The account's level (docs/trust-levels.md): a member reads one line; a new account its limits and what lifts them. */
export function TrustLevel({ standing }: { standing: TrustStanding }) {
  if (standing.level > 0) {
    return (
      <p className="text-fg-2 text-sm">
        <span className="mr-2 font-medium text-fg">{standing.name}</span>
        发布、评论和上传不受新用户限制。
      </p>
    );
  }
  return (
    <div className="space-y-3 text-fg-2 text-sm">
      <p>
        <span className="mr-2 font-medium text-fg">{standing.name}</span>
        为减少垃圾内容，新账号的发布频率有限制：
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {newAccountLimitLines().map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>满足以下条件后自动解除：</p>
      <ul className="list-disc space-y-1 pl-5">
        {standing.missing.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
