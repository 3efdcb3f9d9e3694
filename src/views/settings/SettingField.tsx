// One text setting with its label (tied by id), hint and refusal; saved when staff leave the field
// or press Enter.
import { createUniqueId, Show } from 'solid-js';
import { settings } from '../../features/device';
import type { SettingSaver } from './save-setting';

type TextField =
  | 'staffName'
  | 'tillName'
  | 'outletName'
  | 'gatewayUrl'
  | 'currency'
  | 'hotelName'
  | 'hotelAddress'
  | 'vatId';

export function SettingField(props: {
  field: TextField;
  label: string;
  hint?: string;
  type?: 'text' | 'url';
  placeholder?: string;
  saver: SettingSaver;
}) {
  const id = createUniqueId();
  const hintId = createUniqueId();
  const errorId = createUniqueId();
  const described = () =>
    [props.hint ? hintId : '', props.saver.error(props.field) ? errorId : ''].join(' ').trim();
  return (
    <div class="desk-field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        name={props.field}
        autocomplete="off"
        placeholder={props.placeholder}
        value={settings()[props.field]}
        aria-invalid={props.saver.error(props.field) ? 'true' : undefined}
        aria-describedby={described() || undefined}
        onChange={(event) => props.saver.save({ [props.field]: event.currentTarget.value })}
      />
      <Show when={props.hint}>
        <small id={hintId}>{props.hint}</small>
      </Show>
      <Show when={props.saver.error(props.field)}>
        {(message) => (
          <small id={errorId} class="settings-error" role="alert">
            {message()}
          </small>
        )}
      </Show>
    </div>
  );
}
