// Creating a commodity group in the PMS (online only; offline it says so plainly). Where the till
// has staff, a manager approves it (a waiter is asked for a manager's PIN); not approved, nothing
// is created and the form says so.
import { useAction } from '@solidjs/router';
import { createEffect, createSignal, For, on } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import { errorText } from '../../words/error-text';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import { useFreshSubmission } from '../common/fresh-submission';
import { createGroupAction } from './data';

export function GroupForm(props: { open: boolean; onClose: () => void; onCreated: (text: string) => void }) {
  const create = useAction(createGroupAction);
  const submission = useFreshSubmission(createGroupAction, () => props.open);
  const [notApproved, setNotApproved] = createSignal(false);
  createEffect(
    on(
      () => props.open,
      () => setNotApproved(false),
      { defer: true },
    ),
  );
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const parent = Number(form.get('parent'));
    const name = String(form.get('name') ?? '');
    setNotApproved(false);
    try {
      const group = await create(
        { name, parent_id: parent > 0 ? parent : null },
        t('lock.approval.catalogue_change.group', { name: name.trim() }),
      );
      if (!group) setNotApproved(true);
      else props.onCreated(t('groupForm.created', { detail: group.name }));
    } catch {
      // shown from submission.error below
    }
  };
  return (
    <Dialog open={props.open} title={t('groupForm.title')} onClose={props.onClose}>
      <form class="form-stack" onSubmit={submit}>
        <label class="field">
          <span>{t('groupForm.name')}</span>
          <input name="name" required maxLength={80} autocomplete="off" />
        </label>
        <label class="field">
          <span>{t('groupForm.parent')}</span>
          <select name="parent">
            <option value="0">{t('groupForm.noParent')}</option>
            <For each={catalogue().groups}>{(group) => <option value={group.id}>{group.name}</option>}</For>
          </select>
        </label>
        <p class="form-error" role="alert">
          {notApproved() ? t('catalogue.notApproved') : submission.error ? errorText(submission.error) : ''}
        </p>
        <div class="form-actions">
          <button type="submit" class="primary" disabled={submission.pending}>
            {t('groupForm.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
