import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import {
  browserCountry,
  extractAddresses,
  useContactBookCountQuery,
  useContactMatchesQuery,
  useFindContactsMutation,
  useForgetContactsMutation,
} from './contacts';
import { People } from './People';
import '../../styles/notifications.css';

/** Find friends from an address book (SOCIAL-CONTACT-*): pasted, or a file read in the browser. */
export default function FindFriendsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  useDocumentTitle(t('findFriends.title'));
  const [text, setText] = useState('');
  const [save, setSave] = useState(true);
  const stored = useContactMatchesQuery();
  const count = useContactBookCountQuery();
  const find = useFindContactsMutation();
  const forget = useForgetContactsMutation();
  const found = extractAddresses(text);
  const total = found.emails.length + found.phoneNumbers.length;
  const matches = find.data?.matches ?? stored.data ?? [];

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setText((await file.text()).slice(0, 2_000_000));
  };
  return (
    <div className="container notif-page find-friends" data-testid="find-friends">
      <div className="notif-page-head">
        <h1>{t('findFriends.title')}</h1>
        <Link className="btn btn-ghost btn-sm" to="/friends">
          {t('friends.title')}
        </Link>
      </div>
      <p className="hash-note">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span>{t('findFriends.privacy')}</span>
      </p>
      <section className="card">
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            find.mutate({ ...found, save, defaultCountry: browserCountry() });
          }}
        >
          <label className="field">
            <span>{t('findFriends.paste')}</span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('findFriends.placeholder')}
              data-testid="contacts-text"
            />
          </label>
          <label className="field">
            <span>{t('findFriends.file')}</span>
            <input
              type="file"
              accept=".vcf,.csv,.txt,text/vcard,text/csv,text/plain"
              onChange={(e) => void readFile(e.target.files?.[0])}
              data-testid="contacts-file"
            />
          </label>
          <label className="check">
            <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} />
            <span>{t('findFriends.save')}</span>
          </label>
          <p className="fine-print">{t('findFriends.found', { count: total })}</p>
          {find.error ? <p className="alert alert-error">{errorText(find.error)}</p> : null}
          {find.data ? (
            <p className="alert alert-success" data-testid="contacts-result">
              {t('findFriends.result', { count: find.data.matched })}
            </p>
          ) : null}
          <div className="form-actions-inline">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={total === 0 || find.isPending}
              data-testid="contacts-submit"
            >
              {t('findFriends.submit')}
            </button>
            {count.data ? (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => forget.mutate()}
                disabled={forget.isPending}
              >
                {t('findFriends.forget', { count: count.data })}
              </button>
            ) : null}
          </div>
        </form>
      </section>
      <People
        title={t('findFriends.matches')}
        uuids={matches.map((m) => m.userUuid)}
        empty={t('findFriends.noMatches')}
        testId="contacts-matches"
      />
    </div>
  );
}
