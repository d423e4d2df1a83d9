import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomDto, RoomRules } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { useRoomRulesMutation } from './queries';

/** The form's fields, as typed (empty: the rule is off). */
export interface RulesDraft {
  maxSongMinutes: string;
  noRepeatPlays: string;
  noRepeatHours: string;
  djMinutesPerHour: string;
  boothLock: string;
  dislikeSkipPercent: string;
  afkDjMinutes: string;
  newTracksOnly: boolean;
  boothFrozen: boolean;
  crossfadeSeconds: string;
}

type TextField = Exclude<keyof RulesDraft, 'newTracksOnly' | 'boothFrozen'>;

export function draftFromRules(rules: RoomRules | undefined): RulesDraft {
  const r = rules ?? {};
  return {
    maxSongMinutes: r.maxSongSeconds ? String(Math.round((r.maxSongSeconds / 60) * 100) / 100) : '',
    noRepeatPlays: r.noRepeatPlays ? String(r.noRepeatPlays) : '',
    noRepeatHours: r.noRepeatHours ? String(r.noRepeatHours) : '',
    djMinutesPerHour: r.djMinutesPerHour ? String(r.djMinutesPerHour) : '',
    boothLock: (r.boothLock ?? []).join('\n'),
    dislikeSkipPercent: r.dislikeSkipShare ? String(Math.round(r.dislikeSkipShare * 100)) : '',
    afkDjMinutes: r.afkDjMinutes ? String(r.afkDjMinutes) : '',
    newTracksOnly: r.newTracksOnly === true,
    boothFrozen: r.boothFrozen === true,
    crossfadeSeconds: r.crossfadeSeconds == null ? '' : String(r.crossfadeSeconds),
  };
}

const num = (text: string): number | null => {
  const v = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(v) ? null : v;
};

/** The rules the server gets from the form (ROOM-RULES-5: every rule, null when off). */
export function rulesFromDraft(d: RulesDraft): RoomRules {
  const minutes = num(d.maxSongMinutes);
  const plays = num(d.noRepeatPlays);
  const hours = num(d.noRepeatHours);
  const cap = num(d.djMinutesPerHour);
  const percent = num(d.dislikeSkipPercent);
  const afk = num(d.afkDjMinutes);
  const fade = num(d.crossfadeSeconds);
  const lock = d.boothLock
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    maxSongSeconds: minutes === null ? null : Math.round(minutes * 60),
    noRepeatPlays: plays === null ? null : Math.round(plays),
    noRepeatHours: hours === null ? null : Math.round(hours),
    djMinutesPerHour: cap === null ? null : Math.round(cap),
    boothLock: lock.length ? lock : null,
    dislikeSkipShare: percent === null ? null : percent / 100,
    afkDjMinutes: afk === null ? null : Math.round(afk),
    newTracksOnly: d.newTracksOnly || null,
    boothFrozen: d.boothFrozen || null,
    crossfadeSeconds: fade === null ? null : Math.round(fade),
  };
}

/** ROOM-RULES-5: the "Room rules" section of the room settings (managers), saved on its own. */
export function RoomRulesSection({ room }: { room: Pick<RoomDto, 'uuid' | 'slug' | 'rules'> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RulesDraft>(() => draftFromRules(room.rules));
  const save = useRoomRulesMutation(room);
  const field = (key: TextField) => ({
    id: `room-rules-${key}`,
    'data-testid': `room-rules-${key}`,
    value: draft[key],
    onChange: (ev: { target: { value: string } }) => {
      save.reset();
      setDraft({ ...draft, [key]: ev.target.value });
    },
  });
  const check = (key: 'newTracksOnly' | 'boothFrozen') => ({
    id: `room-rules-${key}`,
    'data-testid': `room-rules-${key}`,
    checked: draft[key],
    onChange: (ev: { target: { checked: boolean } }) => {
      save.reset();
      setDraft({ ...draft, [key]: ev.target.checked });
    },
  });
  return (
    <section className="card edit-section" data-testid="room-rules-section">
      <h2>{t('roomRules.title')}</h2>
      <p className="muted">{t('roomRules.lead')}</p>
      <ErrorAlert error={save.error} />
      <form
        className="stack"
        onSubmit={(ev) => {
          ev.preventDefault();
          save.mutate(rulesFromDraft(draft));
        }}
      >
        <div className="field">
          <label htmlFor="room-rules-maxSongMinutes">{t('roomRules.maxSongMinutes')}</label>
          <input type="number" min={0.5} step="any" {...field('maxSongMinutes')} />
        </div>
        <div className="field">
          <label htmlFor="room-rules-noRepeatPlays">{t('roomRules.noRepeatPlays')}</label>
          <input type="number" min={1} max={100} {...field('noRepeatPlays')} />
        </div>
        <div className="field">
          <label htmlFor="room-rules-noRepeatHours">{t('roomRules.noRepeatHours')}</label>
          <input type="number" min={1} max={168} {...field('noRepeatHours')} />
        </div>
        <div className="field">
          <label htmlFor="room-rules-djMinutesPerHour">{t('roomRules.djMinutesPerHour')}</label>
          <input type="number" min={1} max={60} {...field('djMinutesPerHour')} />
        </div>
        <div className="field">
          <label htmlFor="room-rules-dislikeSkipPercent">{t('roomRules.dislikeSkipPercent')}</label>
          <input type="number" min={5} max={100} {...field('dislikeSkipPercent')} />
        </div>
        <div className="field">
          <label htmlFor="room-rules-boothLock">{t('roomRules.boothLock')}</label>
          <textarea rows={3} {...field('boothLock')} />
          <small className="muted">{t('roomRules.boothLockHint')}</small>
        </div>
        <div className="field">
          <label htmlFor="room-rules-afkDjMinutes">{t('roomRules.afkDjMinutes')}</label>
          <input type="number" min={5} max={120} {...field('afkDjMinutes')} />
        </div>
        <label className="check" htmlFor="room-rules-newTracksOnly">
          <input type="checkbox" {...check('newTracksOnly')} />
          <span>{t('roomRules.newTracksOnly')}</span>
        </label>
        <label className="check" htmlFor="room-rules-boothFrozen">
          <input type="checkbox" {...check('boothFrozen')} />
          <span>{t('roomRules.boothFrozen')}</span>
        </label>
        <div className="field">
          <label htmlFor="room-rules-crossfadeSeconds">{t('roomRules.crossfadeSeconds')}</label>
          <input type="number" min={0} max={8} {...field('crossfadeSeconds')} />
        </div>
        <div className="form-actions-inline">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending
              ? t('editProfile.saving')
              : save.isSuccess
                ? t('editProfile.saved')
                : t('editProfile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
