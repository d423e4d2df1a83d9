import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/Alert';
import { useAddPhoneMutation, usePhonesQuery, useRemovePhoneMutation } from './queries';

/**
 * PHONE-WHITELIST-1: numbers that may log in by phone even when validation would refuse them
 * (a VoIP number of a tester); a fixed code lets app-store reviewers in without an SMS.
 */
export function PhonesPanel() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [code, setCode] = useState('');
  const list = usePhonesQuery(search.trim());
  const add = useAddPhoneMutation();
  const remove = useRemovePhoneMutation();
  return (
    <section className="card" data-testid="phones">
      <h2>{t('admin.phones.title', { count: list.data?.total ?? 0 })}</h2>
      <p className="fine-print admin-lead">{t('admin.phones.lead')}</p>
      <ErrorAlert error={add.error ?? remove.error ?? list.error} />
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(
            { phoneNumber: phone, note: note.trim() || undefined, fixedCode: code || undefined },
            { onSuccess: () => (setPhone(''), setNote(''), setCode('')) },
          );
        }}
      >
        <input
          type="tel"
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="+1 415 555 0100"
          aria-label={t('admin.phones.number')}
          data-testid="phone-number"
        />
        <input
          value={note}
          maxLength={200}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('admin.phones.note')}
          aria-label={t('admin.phones.note')}
        />
        <input
          inputMode="numeric"
          pattern="\d{6}"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
          placeholder={t('admin.phones.fixedCode')}
          aria-label={t('admin.phones.fixedCode')}
          className="admin-count"
        />
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {t('admin.phones.add')}
        </button>
      </form>
      <label className="field admin-filter">
        <span>{t('admin.phones.find')}</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ul className="admin-comments">
        {(list.data?.data ?? []).map((p) => (
          <li key={p.id} className="admin-request" data-testid="phone-row">
            <div>
              <strong>{p.phoneNumber}</strong>{' '}
              {p.fixedCode ? <span className="role-tag">{t('admin.phones.hasCode')}</span> : null}
              {p.note ? <p>{p.note}</p> : null}
              <small>{new Date(p.createdAt).toLocaleString(i18n.language)}</small>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate(p.id)}
            >
              {t('admin.phones.remove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
