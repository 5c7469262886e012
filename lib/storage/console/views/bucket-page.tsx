import { PostButton } from '../../../http/web';
import { isPublicBucket } from '../buckets/console-buckets';
import type { FolderListing } from '../objects/browse-bucket';
import { nameIn } from '../objects/folder-path';
import { type ConsoleFrame, ConsoleLayout, Notice } from './console-layout';
import { bucketLink, downloadLink, objectLink, uploadsEndpoint } from './console-links';
import { Crumbs } from './crumbs';
import { formatBytes, formatTime } from './format';
import { NotificationSummary } from './notification-summary';

export interface BucketPageProps extends ConsoleFrame {
  user: NonNullable<ConsoleFrame['user']>;
  listing: FolderListing;
  notice?: string;
  /** The bucket's website endpoint, when it has a `?website` configuration. */
  websiteUrl?: string;
}

/** A folder of a bucket: breadcrumbs, prefix search, subfolders and files (paged), upload, and the bucket's settings. */
export function BucketPage(props: BucketPageProps) {
  const { base, user, listing } = props;
  const { bucket, folder, search } = listing;
  const here = (query: { prefix?: string; search?: string; after?: string; confirm?: string } = {}) =>
    bucketLink(base, bucket.name, query);
  return (
    <ConsoleLayout {...props} title={bucket.name}>
      <Crumbs base={base} bucket={bucket.name} folder={folder} />
      <h1>{folder ? `${bucket.name}/${folder}` : bucket.name}</h1>
      <Notice text={props.notice} />
      <form method="get" action={here()} class="row panel" aria-label="Search this folder">
        {folder && <input type="hidden" name="prefix" value={folder} />}
        <label for="search">Names starting with</label>
        <input id="search" name="search" type="search" value={search} spellcheck={false} />
        <button type="submit" class="secondary">
          Search
        </button>
      </form>
      <div class="panel scroll">
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th class="num">Size</th>
              <th class="hide">Last modified</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {listing.folders.map((prefix) => (
              <tr key={`folder:${prefix}`}>
                <td class="name">
                  <a href={here({ prefix })}>{nameIn(folder, prefix)}</a>
                </td>
                <td class="num muted">folder</td>
                <td class="hide" />
                <td />
              </tr>
            ))}
            {listing.objects.map((object) => (
              <tr key={`object:${object.key}`}>
                <td class="name">
                  <a href={objectLink(base, bucket.name, object.key)}>{nameIn(folder, object.key)}</a>
                </td>
                <td class="num">{formatBytes(object.size)}</td>
                <td class="hide">{formatTime(object.lastModified)}</td>
                <td>
                  <a href={downloadLink(base, bucket.name, object.key)} download>
                    Download
                  </a>
                </td>
              </tr>
            ))}
            {listing.folders.length + listing.objects.length === 0 && (
              <tr>
                <td colSpan={4} class="muted">
                  {search ? 'Nothing here starts with that.' : 'This folder is empty.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {listing.next !== undefined && (
          <p>
            <a class="button secondary" href={here({ prefix: folder, search, after: listing.next })} rel="next">
              Next page
            </a>
          </p>
        )}
      </div>
      {listing.may.upload && (
        <section
          class="panel"
          aria-labelledby="upload"
          data-upload=""
          data-endpoint={uploadsEndpoint(base, bucket.name)}
          data-prefix={folder}
        >
          <h2 id="upload">Upload{folder ? ` to ${folder}` : ''}</h2>
          <input type="hidden" name="_csrf" value={user.csrf} />
          <label for="files">Files</label>
          <input id="files" type="file" multiple />
          <div class="drop">Or drop files here</div>
          <ul class="progress" aria-live="polite" />
          <noscript>
            <p class="muted">Uploading from the console needs JavaScript; any S3 client can upload to this bucket.</p>
          </noscript>
        </section>
      )}
      {(listing.may.configure || listing.may.changeAcl) && <BucketSettings {...props} />}
      {listing.policy && <BucketPolicy {...listing.policy} />}
    </ConsoleLayout>
  );
}

/** The bucket policy as stored (read-only here: any S3 client puts it), and whether it makes the bucket public. */
function BucketPolicy({ document, isPublic }: { document: string; isPublic: boolean }) {
  return (
    <section class="panel" aria-labelledby="policy">
      <h2 id="policy">Bucket policy</h2>
      <p class="row">
        {isPublic ? (
          <span class="badge public">public: the policy grants to everyone</span>
        ) : (
          <span class="badge">not public: the policy grants to named users only</span>
        )}
      </p>
      <pre class="policy">{prettyJson(document)}</pre>
    </section>
  );
}

/** The stored document indented for reading (it was checked as JSON when it was put). */
function prettyJson(document: string): string {
  try {
    return JSON.stringify(JSON.parse(document), null, 2);
  } catch {
    return document;
  }
}

function BucketSettings({ base, user, listing, websiteUrl }: BucketPageProps) {
  const { bucket } = listing;
  const action = bucketLink(base, bucket.name);
  const setting = (value: string, label: string) => (
    <PostButton action={action} csrf={user.csrf} fields={{ action: 'setting', setting: value }} label={label} kind="secondary" />
  );
  const isPublic = isPublicBucket(bucket);
  return (
    <section class="panel" aria-labelledby="settings">
      <h2 id="settings">Bucket settings</h2>
      <dl class="fields">
        {listing.may.changeAcl && (
          <>
            <dt>Access</dt>
            <dd class="row">
              {isPublic ? <span class="badge public">public: anyone may list it</span> : <span class="badge">private</span>}
              {isPublic ? setting('private', 'Make private') : setting('public-read', 'Make public')}
            </dd>
          </>
        )}
        {websiteUrl && (
          <>
            <dt>Website</dt>
            <dd>
              <a href={websiteUrl} rel="noopener noreferrer">
                {websiteUrl}
              </a>
            </dd>
          </>
        )}
        {listing.may.configure && bucket.notification && (
          <>
            <dt>Notifications</dt>
            <dd>
              <NotificationSummary configuration={bucket.notification} />
            </dd>
          </>
        )}
        {listing.may.configure && (
          <>
            <dt>Versioning</dt>
            <dd class="row">
              <span>{bucket.versioning ?? 'Off (never enabled)'}</span>
              {bucket.versioning === 'Enabled'
                ? setting('versioning-suspended', 'Turn versioning off')
                : setting('versioning-enabled', 'Turn versioning on')}
            </dd>
            <dt>Request payment</dt>
            <dd class="row">
              <span>{bucket.requestPayer === 'Requester' ? 'Requester pays' : 'Bucket owner pays'}</span>
              {bucket.requestPayer === 'Requester'
                ? setting('payer-bucket-owner', 'Bucket owner pays')
                : setting('payer-requester', 'Requester pays')}
            </dd>
            <dt>Delete</dt>
            <dd>
              <a class="button secondary" href={bucketLink(base, bucket.name, { confirm: 'delete' })}>
                Delete bucket…
              </a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
