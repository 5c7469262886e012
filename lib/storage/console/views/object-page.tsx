import { PostButton } from '../../../http/web';
import type { Grant } from '../../model/access-control';
import type { ObjectDetails, VersionRow } from '../objects/object-details';
import { type ConsoleFrame, ConsoleLayout, Notice } from './console-layout';
import { downloadLink, objectLink } from './console-links';
import { Crumbs } from './crumbs';
import { formatBytes, formatTime } from './format';

export interface ObjectPageProps extends ConsoleFrame {
  user: NonNullable<ConsoleFrame['user']>;
  details: ObjectDetails;
  /** The version named in the address, when one was. */
  versionId?: string;
  notice?: string;
}

/** One object: its fields, metadata, grants and versions, with download, public/private, delete and restore. */
export function ObjectPage(props: ObjectPageProps) {
  const { base, user, details, versionId } = props;
  const { record, bucket } = details;
  const self = objectLink(base, bucket.name, record.key, { versionId });
  const folder = record.key.slice(0, record.key.lastIndexOf('/') + 1);
  return (
    <ConsoleLayout {...props} title={record.key}>
      <Crumbs base={base} bucket={bucket.name} folder={folder} />
      <h1>{record.key}</h1>
      <Notice text={props.notice} />
      <div class="panel row">
        <a class="button" href={downloadLink(base, bucket.name, record.key, versionId)} download>
          Download
        </a>
        {details.may.changeAcl && (
          <PostButton
            action={self}
            csrf={user.csrf}
            fields={{ action: 'acl', acl: details.isPublic ? 'private' : 'public-read' }}
            label={details.isPublic ? 'Make private' : 'Make public'}
            kind="secondary"
          />
        )}
        {details.may.delete && (
          <a class="button secondary" href={objectLink(base, bucket.name, record.key, { versionId, confirm: 'delete' })}>
            {versionId ? 'Delete this version…' : 'Delete…'}
          </a>
        )}
      </div>
      <section class="panel" aria-labelledby="properties">
        <h2 id="properties">Properties</h2>
        <dl class="fields">
          <dt>Key</dt>
          <dd>{record.key}</dd>
          <dt>Size</dt>
          <dd>
            {formatBytes(record.size)} ({record.size.toLocaleString('en-US')} bytes)
          </dd>
          <dt>ETag</dt>
          <dd>{record.etag}</dd>
          <dt>Type</dt>
          <dd>{record.contentHeaders['content-type'] ?? 'binary/octet-stream'}</dd>
          <dt>Last modified</dt>
          <dd>{formatTime(record.lastModified)}</dd>
          <dt>Owner</dt>
          <dd>{record.ownerDisplayName}</dd>
          <dt>Version</dt>
          <dd>{record.versionId}</dd>
          <dt>Access</dt>
          <dd>{details.isPublic ? <span class="badge public">public-read</span> : <span class="badge">not public</span>}</dd>
        </dl>
      </section>
      <Metadata {...details.record} />
      {details.grants && <Grants grants={details.grants} />}
      {details.versions && <Versions {...props} versions={details.versions} />}
    </ConsoleLayout>
  );
}

function Metadata(record: ObjectDetails['record']) {
  const rows = [
    ...Object.entries(record.contentHeaders).filter(([name]) => name !== 'content-type'),
    ...Object.entries(record.userMetadata).map(([name, value]) => [`x-amz-meta-${name}`, value] as const),
  ];
  return (
    <section class="panel" aria-labelledby="metadata">
      <h2 id="metadata">Metadata</h2>
      {rows.length === 0 ? (
        <p class="muted">No metadata beyond the type.</p>
      ) : (
        <dl class="fields">
          {rows.map(([name, value]) => (
            <>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </>
          ))}
        </dl>
      )}
    </section>
  );
}

function Grants({ grants }: { grants: Grant[] }) {
  return (
    <section class="panel scroll" aria-labelledby="grants">
      <h2 id="grants">Access control list</h2>
      <table>
        <thead>
          <tr>
            <th>Grantee</th>
            <th>Permission</th>
          </tr>
        </thead>
        <tbody>
          {grants.map((grant, index) => (
            <tr key={index}>
              <td class="name">
                {grant.grantee.type === 'Group'
                  ? grant.grantee.uri.split('/').at(-1)
                  : `${grant.grantee.displayName} (${grant.grantee.id})`}
              </td>
              <td>{grant.permission}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Versions(props: ObjectPageProps & { versions: VersionRow[] }) {
  const { base, user, details } = props;
  const { bucket, record } = details;
  return (
    <section class="panel scroll" aria-labelledby="versions">
      <h2 id="versions">Versions</h2>
      <table>
        <thead>
          <tr>
            <th>Version</th>
            <th class="hide">Modified</th>
            <th class="num">Size</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.versions.map((version) => (
            <tr key={version.versionId}>
              <td class="name">
                {version.deleteMarker ? (
                  `${version.versionId} (delete marker)`
                ) : (
                  <a href={objectLink(base, bucket.name, record.key, { versionId: version.versionId })}>{version.versionId}</a>
                )}{' '}
                {version.isLatest && <span class="badge">latest</span>}
              </td>
              <td class="hide">{formatTime(version.lastModified)}</td>
              <td class="num">{version.deleteMarker ? '–' : formatBytes(version.size)}</td>
              <td class="row">
                {!version.deleteMarker && (
                  <a href={downloadLink(base, bucket.name, record.key, version.versionId)} download>
                    Download
                  </a>
                )}
                {!version.deleteMarker && !version.isLatest && details.may.restore && (
                  <PostButton
                    action={objectLink(base, bucket.name, record.key)}
                    csrf={user.csrf}
                    fields={{ action: 'restore', versionId: version.versionId }}
                    label="Restore"
                    kind="secondary"
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
