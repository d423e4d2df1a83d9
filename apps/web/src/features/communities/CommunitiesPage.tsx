import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { useIsSignedIn } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { UpcomingEvents } from '../../entities/event/EventCard';
import { CommunityCard } from './CommunityCard';
import { useCommunitiesQuery, useCreateCommunityMutation, useMyCommunitiesQuery } from './queries';

/** Start a community: a name, a line about it, public or invite-only. */
function CreateCommunity() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateCommunityMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<'PUBLIC' | 'PRIVATE'>('PUBLIC');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, description, visibility },
      { onSuccess: (c) => navigate(`/communities/${c.slug}`) },
    );
  };
  return (
    <form
      className="card form stack community-create"
      onSubmit={submit}
      data-testid="community-create"
    >
      <h2 className="block-title">{t('communities.start')}</h2>
      <Field
        label={t('communities.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        minLength={2}
        maxLength={60}
        data-testid="community-name"
      />
      <Field
        label={t('communities.about')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={1000}
      />
      <fieldset className="community-visibility">
        <legend>{t('communities.visibility')}</legend>
        {(['PUBLIC', 'PRIVATE'] as const).map((v) => (
          <label key={v} className="check">
            <input
              type="radio"
              name="visibility"
              checked={visibility === v}
              onChange={() => setVisibility(v)}
            />
            <span>
              <strong>{t(`communities.vis.${v}`)}</strong>{' '}
              <span className="muted">{t(`communities.visHint.${v}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {create.error ? <Alert>{errorText(create.error)}</Alert> : null}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={create.isPending}
        data-testid="community-create-submit"
      >
        {t('communities.create')}
      </button>
    </form>
  );
}

/** /communities — find communities, yours first, start one; events coming up. */
export default function CommunitiesPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [search, setSearch] = useState('');
  const list = useCommunitiesQuery(search.trim());
  const mine = useMyCommunitiesQuery(signedIn);
  useDocumentTitle(t('communities.title'));
  const all = list.data?.communities ?? [];
  return (
    <div className="container communities-page" data-testid="communities-page">
      <div className="page-head">
        <div>
          <p className="eyebrow">{t('communities.eyebrow')}</p>
          <h1>{t('communities.title')}</h1>
          <p className="muted">{t('communities.lead')}</p>
        </div>
      </div>
      <div className="communities-layout">
        <div className="stack">
          {mine.data?.communities.length ? (
            <section>
              <h2 className="block-title">{t('communities.yours')}</h2>
              <ul className="community-grid" data-testid="my-communities">
                {mine.data.communities.map((c) => (
                  <CommunityCard key={c.uuid} community={c} />
                ))}
              </ul>
            </section>
          ) : null}
          <section>
            <h2 className="block-title">{t('communities.discover')}</h2>
            <div className="inline-form communities-search">
              <input
                type="search"
                placeholder={t('communities.search')}
                aria-label={t('communities.search')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            {list.isSuccess && all.length === 0 ? (
              <p className="muted">{t('communities.none')}</p>
            ) : (
              <ul className="community-grid" data-testid="community-list">
                {all.map((c) => (
                  <CommunityCard key={c.uuid} community={c} />
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="stack">
          {signedIn ? <CreateCommunity /> : null}
          <UpcomingEvents />
        </div>
      </div>
    </div>
  );
}
