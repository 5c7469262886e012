import { Layout, type PageFrame } from './layout';

export function AdminErrorPage(props: PageFrame & { title: string; message: string; requestId?: string }) {
  return (
    <Layout {...props} title={props.title}>
      <div class="card">
        <h1>{props.title}</h1>
        <p>{props.message}</p>
        <p class="actions">
          <a class="button secondary" href={props.base}>
            Back to the overview
          </a>
          {props.requestId && <span class="muted">Request id {props.requestId}</span>}
        </p>
      </div>
    </Layout>
  );
}
