import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/Alert';
import { useAddNoteMutation, useUserActionsQuery } from './audit-queries';
import { ModerationEntry, useActionNames } from './ModerationLogPanel';

/** A person's moderation history (AUDIT-MOD-3), newest first, with a way to add a note to it. */
export function ModerationHistory({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const history = useUserActionsQuery(uuid);
  const add = useAddNoteMutation(uuid);
  const [note, setNote] = useState('');
  const rows = history.data?.actions ?? [];
  const names = useActionNames(rows);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) add.mutate(note.trim(), { onSuccess: () => setNote('') });
  };
  return (
    <section className="card" data-testid="moderation-history">
      <h2>{t('admin.log.history', { count: history.data?.total ?? 0 })}</h2>
      <ErrorAlert error={history.error ?? add.error} />
      {history.isSuccess && rows.length === 0 ? (
        <p className="muted">{t('admin.log.noHistory')}</p>
      ) : null}
      <ul className="admin-log">
        {rows.map((a) => (
          <ModerationEntry key={a.id} a={a} names={names} />
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit}>
        <input
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={1000}
          placeholder={t('admin.log.notePlaceholder')}
          aria-label={t('admin.log.notePlaceholder')}
        />
        <button
          type="submit"
          className="btn btn-ghost btn-sm"
          disabled={!note.trim() || add.isPending}
        >
          {t('admin.log.addNote')}
        </button>
      </form>
    </section>
  );
}
