import { PostButton } from '../../../http/web';
import { type ConsoleFrame, ConsoleLayout } from './console-layout';

export interface ConfirmPageProps extends ConsoleFrame {
  user: NonNullable<ConsoleFrame['user']>;
  title: string;
  /** What will be gone, said plainly. */
  question: string;
  action: string;
  fields: Record<string, string>;
  cancel: string;
}

/** Every delete is confirmed on its own page; only its POST acts. */
export function ConfirmPage(props: ConfirmPageProps) {
  return (
    <ConsoleLayout {...props} title={props.title}>
      <div class="panel">
        <h1>{props.title}</h1>
        <p>{props.question}</p>
        <div class="row">
          <PostButton action={props.action} csrf={props.user.csrf} fields={props.fields} label="Delete" kind="danger" />
          <a class="button secondary" href={props.cancel}>
            Cancel
          </a>
        </div>
      </div>
    </ConsoleLayout>
  );
}
