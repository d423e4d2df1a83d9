import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ErrorAlert } from '../../ui/Alert';
import { useAnalyticsSummaryQuery } from './audit-queries';

const AXIS = { stroke: 'var(--text-faint)', fontSize: 12 };
const TOOLTIP = {
  contentStyle: {
    background: 'var(--surface-2)',
    border: '1px solid var(--border)',
    borderRadius: 10,
  },
  labelStyle: { color: 'var(--text)' },
};

/** AUDIT-STATS-1: plays and listeners per day, chat per day, top songs, DJs and rooms (admins). */
export function AnalyticsPanel() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const { data, error } = useAnalyticsSummaryQuery(days);
  const chat = data?.chatPerDay ?? [];
  return (
    <section className="stack admin-analytics" data-testid="admin-analytics">
      <div className="card">
        <div className="admin-analytics-head">
          <h2>{t('admin.analytics.title')}</h2>
          <div className="admin-range" role="group" aria-label={t('admin.analytics.range')}>
            {[7, 30, 90].map((d) => (
              <button
                key={d}
                type="button"
                className={`btn btn-sm ${d === days ? 'btn-primary' : 'btn-ghost'}`}
                aria-pressed={d === days}
                onClick={() => setDays(d)}
              >
                {t('admin.analytics.days', { count: d })}
              </button>
            ))}
          </div>
        </div>
        <ErrorAlert error={error} />
        <h3>{t('admin.analytics.plays')}</h3>
        <div className="admin-chart" data-testid="chart-plays">
          {data && data.playsPerDay.length === 0 ? (
            <p className="muted">{t('admin.analytics.noPlays')}</p>
          ) : null}
          <ResponsiveContainer width="100%" height={240}>
            <LineChart data={data?.playsPerDay ?? []}>
              <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
              <XAxis dataKey="day" tick={AXIS} />
              <YAxis allowDecimals={false} tick={AXIS} />
              <Tooltip {...TOOLTIP} />
              <Legend />
              <Line
                isAnimationActive={false}
                type="monotone"
                dataKey="plays"
                name={t('admin.analytics.playsLine')}
                stroke="var(--brand-text)"
                strokeWidth={2}
              />
              <Line
                isAnimationActive={false}
                type="monotone"
                dataKey="listeners"
                name={t('admin.analytics.listenersLine')}
                stroke="var(--accent-2)"
                strokeWidth={2}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <h3>{t('admin.analytics.chat')}</h3>
        <div className={chat.length ? 'admin-chart' : undefined} data-testid="chart-chat">
          {chat.length === 0 ? (
            <p className="muted">{t('admin.analytics.noChat')}</p>
          ) : (
            <ResponsiveContainer width="100%" height={200}>
              <BarChart data={chat}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis dataKey="day" tick={AXIS} />
                <YAxis allowDecimals={false} tick={AXIS} />
                <Tooltip {...TOOLTIP} />
                <Bar
                  isAnimationActive={false}
                  dataKey="messages"
                  name={t('admin.analytics.messages')}
                  fill="var(--accent)"
                  radius={[6, 6, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          )}
        </div>
      </div>
      <div className="admin-analytics-grid">
        <div className="card">
          <h3>{t('admin.analytics.rooms')}</h3>
          <div className="admin-chart" data-testid="chart-rooms">
            {data && data.rooms.length === 0 ? (
              <p className="muted">{t('admin.analytics.noPlays')}</p>
            ) : null}
            <ResponsiveContainer
              width="100%"
              height={Math.max(160, (data?.rooms.length ?? 0) * 36)}
            >
              <BarChart
                data={(data?.rooms ?? []).map((r) => ({
                  ...r,
                  name: r.name ?? r.roomUuid.slice(0, 8),
                }))}
                layout="vertical"
                margin={{ left: 20 }}
              >
                <XAxis type="number" tick={AXIS} />
                <YAxis type="category" dataKey="name" width={120} tick={AXIS} />
                <Tooltip {...TOOLTIP} />
                <Bar
                  isAnimationActive={false}
                  dataKey="averageListeners"
                  name={t('admin.analytics.avgListeners')}
                  fill="var(--brand)"
                  radius={[0, 6, 6, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
        <div className="card">
          <h3>{t('admin.analytics.topSongs')}</h3>
          {data && data.topSongs.length === 0 ? (
            <p className="muted">{t('admin.analytics.noPlays')}</p>
          ) : null}
          <ol className="admin-top" data-testid="top-songs">
            {(data?.topSongs ?? []).map((s) => (
              <li key={s.songId}>
                <span>
                  <strong>{s.trackName ?? s.songId}</strong>{' '}
                  <span className="muted">{s.artistName}</span>
                </span>
                <span className="muted">
                  {t('admin.analytics.playsLikes', { plays: s.plays, likes: s.likes })}
                </span>
              </li>
            ))}
          </ol>
        </div>
        <div className="card">
          <h3>{t('admin.analytics.topDjs')}</h3>
          {data && data.topDjs.length === 0 ? (
            <p className="muted">{t('admin.analytics.noPlays')}</p>
          ) : null}
          <ol className="admin-top" data-testid="top-djs">
            {(data?.topDjs ?? []).map((d) => (
              <li key={d.djUuid}>
                <strong>{d.nickname ?? d.djUuid.slice(0, 8)}</strong>
                <span className="muted">
                  {t('admin.analytics.playsLikes', { plays: d.plays, likes: d.likes })}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
