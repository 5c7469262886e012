import { breadcrumbs } from '../objects/folder-path';
import { bucketLink } from './console-links';

/** Buckets / bucket / each folder down to `folder`, each a link to open it. */
export function Crumbs(props: { base: string; bucket: string; folder: string }) {
  const { base, bucket } = props;
  return (
    <nav class="crumbs" aria-label="Folders">
      <a href={base}>Buckets</a>
      {' / '}
      <a href={bucketLink(base, bucket)}>{bucket}</a>
      {breadcrumbs(props.folder).map((crumb) => (
        <span key={crumb.prefix}>
          {' / '}
          <a href={bucketLink(base, bucket, { prefix: crumb.prefix })}>{crumb.label}</a>
        </span>
      ))}
    </nav>
  );
}
