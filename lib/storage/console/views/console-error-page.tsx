import { type ConsoleFrame, ConsoleLayout } from './console-layout';

/** An error as a page: what happened, in words (and the S3 code where there is one), and the request id. */
export function ConsoleErrorPage(props: ConsoleFrame & { title: string; message: string; code?: string; requestId: string }) {
  return (
    <ConsoleLayout {...props} title={props.title}>
      <div class="panel">
        <h1>{props.title}</h1>
        <p role="alert">
          {props.code && <strong>{props.code}: </strong>}
          {props.message}
        </p>
        <p>
          <a href={props.base}>Back to your buckets</a>
        </p>
        <p class="muted">Request id: {props.requestId}</p>
      </div>
    </ConsoleLayout>
  );
}
