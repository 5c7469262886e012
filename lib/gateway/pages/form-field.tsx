/** A labelled input whose error is announced with it (aria-describedby), for the card and code forms. */
export function FormField(props: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  value?: string;
  autocomplete?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  placeholder?: string;
}) {
  const describedBy = [props.hint ? `${props.name}-dica` : '', props.error ? `${props.name}-erro` : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={props.name}>{props.label}</label>
      <input
        type="text"
        id={props.name}
        name={props.name}
        value={props.value ?? ''}
        autocomplete={props.autocomplete ?? 'off'}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        required
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint ? (
        <p class="hint" id={`${props.name}-dica`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p class="field-error" id={`${props.name}-erro`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
