import type { BucketSummary } from '../buckets/console-buckets';
import { type ConsoleFrame, ConsoleLayout, Notice } from './console-layout';
import { bucketLink } from './console-links';
import { formatBytes, formatTime } from './format';

export interface BucketsPageProps extends ConsoleFrame {
  user: NonNullable<ConsoleFrame['user']>;
  buckets: BucketSummary[];
  notice?: string;
  /** A refused create: the S3 code and message, and the name as typed. */
  problem?: string;
  name?: string;
}

/** The user's buckets (readable without script) and the create form. */
export function BucketsPage(props: BucketsPageProps) {
  return (
    <ConsoleLayout {...props} title="Buckets">
      <h1>Buckets</h1>
      <Notice text={props.notice} />
      <Notice text={props.problem} bad />
      <section class="panel" aria-labelledby="create">
        <h2 id="create">Create a bucket</h2>
        <form method="post" action={props.base} class="row">
          <input type="hidden" name="_csrf" value={props.user.csrf} />
          <input type="hidden" name="action" value="create" />
          <label for="bucketName">Bucket name</label>
          <input id="bucketName" name="name" type="text" required spellcheck={false} value={props.name ?? ''} />
          <label>
            <input type="checkbox" name="public" value="1" /> Public (anyone may list it)
          </label>
          <button type="submit">Create bucket</button>
        </form>
        <p class="muted">3 to 63 characters: lower-case letters, digits, dots and hyphens, as S3 requires.</p>
      </section>
      {props.buckets.length === 0 ? (
        <p class="panel">You have no buckets yet.</p>
      ) : (
        <div class="panel scroll">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Created</th>
                <th class="num">Objects</th>
                <th class="num">Size</th>
                <th>Access</th>
              </tr>
            </thead>
            <tbody>
              {props.buckets.map((bucket) => (
                <tr key={bucket.name}>
                  <td class="name">
                    <a href={bucketLink(props.base, bucket.name)}>{bucket.name}</a>
                  </td>
                  <td>{formatTime(bucket.createdAt)}</td>
                  <td class="num">{bucket.stats ? `${bucket.stats.objects}${bucket.stats.more ? '+' : ''}` : '–'}</td>
                  <td class="num">{bucket.stats ? `${formatBytes(bucket.stats.bytes)}${bucket.stats.more ? '+' : ''}` : '–'}</td>
                  <td>{bucket.isPublic ? <span class="badge public">public</span> : <span class="badge">private</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="muted">Counts and sizes read the first 100 objects of each bucket; “+” means there are more.</p>
        </div>
      )}
    </ConsoleLayout>
  );
}
