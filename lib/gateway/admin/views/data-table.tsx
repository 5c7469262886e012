import type { ComponentChildren } from 'preact';

export interface Column {
  label: string;
  numeric?: boolean;
  /** Hidden on phones, where the table would otherwise scroll too far sideways. */
  hideSmall?: boolean;
}

export const columnClass = (column: Pick<Column, 'numeric' | 'hideSmall'>) =>
  [column.numeric ? 'num' : '', column.hideSmall ? 'hide-small' : ''].filter(Boolean).join(' ') || undefined;

/** Every table of the UI: scrolls sideways on small screens, headers scoped for screen readers. */
export function DataTable(props: { caption?: string; columns: Column[]; children: ComponentChildren }) {
  return (
    <div class="scroll">
      <table>
        {props.caption && <caption class="visually-hidden">{props.caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col" class={columnClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** Cursor pagination: back to the start, and onwards (there is no "previous": cursors only go forward). */
export function Pager(props: { first?: { href: string; label: string }; next?: { href: string; label: string }; note?: string }) {
  return (
    <nav class="actions" aria-label="Pages" style="margin-top:12px">
      {props.first && (
        <a class="button secondary" href={props.first.href}>
          {props.first.label}
        </a>
      )}
      {props.next && (
        <a class="button secondary" href={props.next.href} rel="next">
          {props.next.label}
        </a>
      )}
      {props.note && <span class="muted">{props.note}</span>}
    </nav>
  );
}
