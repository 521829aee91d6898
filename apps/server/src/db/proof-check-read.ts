// The proof link's check (decision 039) as people read it: the brand on the campaign page and in the review dialog,
// admins on the order page. One subquery and one reading into the shared DTO, so the screens cannot drift apart.
// The social feature writes post_checks (features/social/post-checks.repository.ts); this only reads them.
import type { ProofCheckDto } from '@app/shared/social/proof-link';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** post_checks as json_build_object gives it: timestamps as text. */
type ProofCheckJson = {
  platform: string;
  status: string;
  reason: string | null;
  handle: string | null;
  publishedAt: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  checkedAt: string;
  removedAt: string | null;
};

/** A timestamp json_build_object wrote as text, as ISO 8601 in UTC. */
const isoText = (t: string | null) => (t ? new Date(t).toISOString() : null);

function proofCheckDtoOf(c: ProofCheckJson): ProofCheckDto {
  return {
    platform: c.platform as ProofCheckDto['platform'],
    status: c.status as ProofCheckDto['status'],
    reason: c.reason as ProofCheckDto['reason'],
    handle: c.handle,
    publishedAt: isoText(c.publishedAt),
    views: c.views,
    likes: c.likes,
    comments: c.comments,
    checkedAt: isoText(c.checkedAt)!,
    removedAt: isoText(c.removedAt),
  };
}

/** The order's proof check as a selected column: the DTO, or null when its proof link has no check. */
export const proofCheckOf = (orderId: AnyColumn | SQL) =>
  sql<ProofCheckDto | null>`(select json_build_object('platform', pc.platform, 'status', pc.status, 'reason', pc.reason, 'handle', pc.handle, 'publishedAt', pc.published_at, 'views', pc.views, 'likes', pc.likes, 'comments', pc.comments, 'checkedAt', pc.checked_at, 'removedAt', pc.removed_at) from post_checks pc where pc.order_id = ${orderId})`.mapWith(
    // drizzle decodes only what is not null: a missing check stays null.
    (c: ProofCheckJson): ProofCheckDto | null => proofCheckDtoOf(c),
  );
