import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MODERATION_ACTION_TYPES,
  type ModerationActionDto,
  type ModerationActionType,
} from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { useProfiles } from '../friends/queries';
import { useModerationLogQuery } from './audit-queries';
import { Pager } from './Pager';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The nicknames of everyone acting or acted on in these entries, by uuid. */
export function useActionNames(rows: ModerationActionDto[]): Map<string, string> {
  const uuids = rows.flatMap((r) => [r.actorUuid, r.targetUuid]);
  const people = useProfiles([...new Set(uuids.filter((u): u is string => Boolean(u)))]);
  return new Map([...(people.data?.values() ?? [])].map((p) => [p.uuid, p.nickname]));
}

/** One entry: when, who did what to whom, where, why. */
export function ModerationEntry({
  a,
  names,
}: {
  a: ModerationActionDto;
  names: Map<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const who = (uuid: string | null) =>
    uuid ? (
      <Link to={`/admin/users/${uuid}`}>{names.get(uuid) ?? uuid.slice(0, 8)}</Link>
    ) : (
      t('admin.log.platform')
    );
  return (
    <li className="admin-log-entry" data-testid="moderation-entry" data-action={a.actionType}>
      <time dateTime={a.createdAt} className="muted">
        {new Date(a.createdAt).toLocaleString(i18n.language)}
      </time>
      <span
        className={`role-tag ${/ban|kick|Removed|deactivated/.test(a.actionType) ? 'is-bad' : ''}`}
      >
        {t(`admin.log.types.${a.actionType}`)}
      </span>
      <span>
        {who(a.actorUuid)} → {who(a.targetUuid)}
        {a.role ? (
          <>
            {' '}
            · {a.previousRole ? `${a.previousRole} → ` : ''}
            <strong>{a.role}</strong>
          </>
        ) : null}
        {a.roomUuid ? (
          <>
            {' '}
            · <Link to={`/rooms/${a.roomUuid}`}>{t('admin.log.inRoom')}</Link>
          </>
        ) : null}
        {a.until
          ? ` · ${t('admin.log.until', { date: new Date(a.until).toLocaleString(i18n.language) })}`
          : ''}
      </span>
      {a.reason ? <q className="admin-log-reason">{a.reason}</q> : null}
    </li>
  );
}

/** AUDIT-MOD-3: the moderation log with filters by action and by person (moderators). */
export function ModerationLogPanel() {
  const { t } = useTranslation();
  const [actionType, setActionType] = useState<ModerationActionType | ''>('');
  const [person, setPerson] = useState('');
  const [page, setPage] = useState(1);
  const personUuid = UUID.test(person.trim()) ? person.trim() : '';
  const log = useModerationLogQuery({ actionType, person: personUuid }, page);
  const rows = log.data?.data ?? [];
  const names = useActionNames(rows);
  return (
    <section className="card" data-testid="admin-moderation-log">
      <h2>{t('admin.log.title', { count: log.data?.total ?? 0 })}</h2>
      <p className="fine-print admin-lead">{t('admin.log.lead')}</p>
      <div className="admin-log-filters">
        <label className="field">
          <span>{t('admin.log.action')}</span>
          <select
            value={actionType}
            onChange={(e) => (
              setActionType(e.target.value as ModerationActionType | ''),
              setPage(1)
            )}
            data-testid="moderation-log-type"
          >
            <option value="">{t('admin.log.allActions')}</option>
            {MODERATION_ACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.log.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.log.person')}</span>
          <input
            value={person}
            onChange={(e) => (setPerson(e.target.value), setPage(1))}
            placeholder={t('admin.log.personPlaceholder')}
          />
        </label>
      </div>
      <ErrorAlert error={log.error} />
      {log.isSuccess && rows.length === 0 ? <p className="muted">{t('admin.log.empty')}</p> : null}
      <ul className="admin-log">
        {rows.map((a) => (
          <ModerationEntry key={a.id} a={a} names={names} />
        ))}
      </ul>
      <Pager page={page} pages={log.data?.pageCount ?? 1} onPage={setPage} />
    </section>
  );
}
