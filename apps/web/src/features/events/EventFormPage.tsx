import { LineupField } from './LineupField';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CreateEventReq } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMyCommunitiesQuery } from '../communities/queries';
import { useEventQuery, useSaveEventMutation } from './queries';
import { useMyRooms } from '../../entities/room/queries';
import { fromLocalInput, toLocalInput } from '../../entities/event/time';
import '../../styles/communities.css';

const HOUR = 3_600_000;

/** The next full hour, and two hours later: a sensible first guess for a new event. */
function defaultTimes() {
  const start = new Date(Math.ceil((Date.now() + 1) / HOUR) * HOUR);
  return {
    start: toLocalInput(start.toISOString()),
    end: toLocalInput(new Date(start.getTime() + 2 * HOUR).toISOString()),
  };
}

/** /events/new (?room=slug&community=uuid) and /events/:slug/edit — schedule or change an event. */
export default function EventFormPage() {
  const { t } = useTranslation();
  const ids = useId();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { slug } = useParams();
  const [params] = useSearchParams();
  const editing = useEventQuery(slug ?? '');
  const existing = slug ? editing.data : undefined;
  const rooms = useMyRooms(true);
  const communities = useMyCommunitiesQuery(true);
  const save = useSaveEventMutation(existing?.uuid ?? null);
  useDocumentTitle(existing ? t('events.editTitle') : t('events.newTitle'));

  const times = defaultTimes();
  const [form, setForm] = useState({
    name: '',
    description: '',
    roomId: params.get('room') ?? '',
    communityId: params.get('community') ?? '',
    startsAt: times.start,
    endsAt: times.end,
    posterUrl: '',
  });
  const [lineup, setLineup] = useState<string[]>([]);
  useEffect(() => {
    if (!existing) return;
    setForm({
      name: existing.name,
      description: existing.description,
      roomId: existing.roomSlug,
      communityId: existing.communityUuid ?? '',
      startsAt: toLocalInput(existing.startsAt),
      endsAt: toLocalInput(existing.endsAt),
      posterUrl: existing.posterUrl ?? '',
    });
    setLineup(existing.lineup);
  }, [existing]);
  // The room picked by default: the one named in the address, else the first of mine.
  useEffect(() => {
    if (!form.roomId && rooms.data?.length) setForm((f) => ({ ...f, roomId: rooms.data![0].slug }));
  }, [rooms.data, form.roomId]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: CreateEventReq = {
      name: form.name,
      description: form.description,
      roomId: form.roomId,
      communityId: form.communityId || null,
      startsAt: fromLocalInput(form.startsAt),
      endsAt: fromLocalInput(form.endsAt),
      posterUrl: form.posterUrl.trim() || null,
      lineup,
    };
    save.mutate(body, { onSuccess: (dto) => navigate(`/events/${dto.slug}`) });
  };

  const noRooms = rooms.isSuccess && rooms.data.length === 0;
  return (
    <div className="container narrow event-form-page">
      <div className="page-head">
        <div>
          <p className="eyebrow">{t('events.eyebrow')}</p>
          <h1>{existing ? t('events.editTitle') : t('events.newTitle')}</h1>
          <p className="muted">{t('events.formLead')}</p>
        </div>
      </div>
      {noRooms ? (
        <Alert kind="info">
          {t('events.noRooms')} <Link to="/rooms/new">{t('rooms.create')}</Link>
        </Alert>
      ) : null}
      <form className="form card stack" onSubmit={submit} data-testid="event-form">
        <Field
          label={t('events.name')}
          value={form.name}
          onChange={set('name')}
          required
          maxLength={80}
          data-testid="event-form-name"
        />
        <div className="field">
          <label htmlFor={`${ids}-desc`}>{t('events.description')}</label>
          <textarea
            id={`${ids}-desc`}
            rows={4}
            maxLength={2000}
            value={form.description}
            onChange={set('description')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-room`}>{t('events.room')}</label>
          <select
            id={`${ids}-room`}
            value={form.roomId}
            onChange={set('roomId')}
            required
            data-testid="event-form-room"
          >
            {form.roomId && !rooms.data?.some((r) => r.slug === form.roomId) ? (
              <option value={form.roomId}>{existing?.roomName ?? form.roomId}</option>
            ) : null}
            {(rooms.data ?? []).map((r) => (
              <option key={r.uuid} value={r.slug}>
                {r.name}
              </option>
            ))}
          </select>
          <p className="field-hint">{t('events.roomHint')}</p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-community`}>{t('events.community')}</label>
          <select
            id={`${ids}-community`}
            value={form.communityId}
            onChange={set('communityId')}
            data-testid="event-form-community"
          >
            <option value="">{t('events.noCommunity')}</option>
            {(communities.data?.communities ?? []).map((c) => (
              <option key={c.uuid} value={c.uuid}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="event-form-times">
          <Field
            label={t('events.startsAt')}
            type="datetime-local"
            value={form.startsAt}
            onChange={set('startsAt')}
            required
            data-testid="event-form-start"
          />
          <Field
            label={t('events.endsAt')}
            type="datetime-local"
            value={form.endsAt}
            onChange={set('endsAt')}
            required
            data-testid="event-form-end"
          />
        </div>
        {form.roomId ? (
          <LineupField roomSlug={form.roomId} value={lineup} onChange={setLineup} />
        ) : null}
        <Field
          label={t('events.poster')}
          aside={t('fields.optional')}
          type="url"
          placeholder="https://"
          value={form.posterUrl}
          onChange={set('posterUrl')}
        />
        {save.error ? <Alert>{errorText(save.error)}</Alert> : null}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending || noRooms}
          data-testid="event-form-submit"
        >
          {existing ? t('events.save') : t('events.schedule')}
        </button>
      </form>
    </div>
  );
}
