import { useTranslation } from 'react-i18next';
import type { ClientRoomState } from '@tt/protocol';
import {
  boothSeats,
  floorSpot,
  isDj,
  playingDjUuid,
  spreadSpots,
} from '../../../entities/room/model';
import { Backdrop } from '../../../entities/room/stage/Backdrop';
import { seatBlocker, useDjActions } from './djActions';
import type { Me } from '../../../entities/room/hooks';
import { RoomAvatar } from './RoomAvatar';

/** The stage: the design's backdrop, the DJ booth with its seats, the crowd on the floor. */
export function Stage({
  state,
  me,
  onUser,
}: {
  state: ClientRoomState;
  me: Me;
  onUser: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const { takeSeat } = useDjActions();
  const playing = playingDjUuid(state);
  const seats = boothSeats(state);
  const canTake = !isDj(state, me.uuid) && seatBlocker(state, me) === null;
  const vote = (uuid: string) => state.allUserData[uuid]?.songVotes?.like;
  let offeredSeat = false;

  return (
    <section className="live-stage" aria-label={t('room.stage')} data-testid="stage">
      <Backdrop design={state.settings.design} className="backdrop-fill" />
      <div className="stage-inner">
        <div className="booth" data-testid="booth">
          <h2 className="sr-only">{t('room.booth')}</h2>
          <ol className="booth-seats" aria-label={t('room.booth')}>
            {seats.map((dj, i) => {
              if (dj) {
                const isPlaying = dj.uuid === playing;
                return (
                  <li
                    key={dj.uuid}
                    className={`seat ${isPlaying ? 'is-playing' : ''}`}
                    data-testid="dj-seat"
                  >
                    {isPlaying ? (
                      <span className="on-air" aria-hidden="true">
                        {t('room.onAir')}
                      </span>
                    ) : null}
                    <RoomAvatar
                      uuid={dj.uuid}
                      data={state.allUserData[dj.uuid]}
                      size={isPlaying ? 64 : 52}
                      onOpen={onUser}
                      liking={isPlaying && vote(dj.uuid) !== false}
                      label={isPlaying ? t('room.playingNow') : t('room.djNumber', { n: i + 1 })}
                    />
                  </li>
                );
              }
              const offer = canTake && !offeredSeat;
              if (offer) offeredSeat = true;
              return (
                <li key={`empty-${i}`} className="seat seat-empty">
                  {offer ? (
                    <button
                      type="button"
                      className="seat-take"
                      onClick={() => void takeSeat()}
                      data-testid="seat-take"
                    >
                      <span aria-hidden="true">+</span>
                      <span className="seat-take-label">{t('room.dj.take')}</span>
                    </button>
                  ) : (
                    <span className="seat-free">
                      <span aria-hidden="true">♪</span>
                      {/* A11Y-3: the name as text; aria-label is not allowed on a bare span. */}
                      <span className="sr-only">{t('room.freeSeat')}</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="booth-desk" aria-hidden="true">
            <span className="deck" />
            <span className="mixer" />
            <span className="deck" />
          </div>
        </div>
        <div className="floor" data-testid="floor">
          <h2 className="sr-only">{t('room.floor')}</h2>
          {state.floorUsers.length === 0 ? (
            <p className="floor-empty">{t('room.floorEmpty')}</p>
          ) : null}
          <ul className="floor-crowd">
            {spreadSpots(
              state.floorUsers.map((u) => ({
                uuid: u.uuid,
                ...floorSpot(state.allUserData[u.uuid]?.position, u.uuid),
              })),
            ).map((spot) => {
              const data = state.allUserData[spot.uuid];
              const like = vote(spot.uuid);
              return (
                <li
                  key={spot.uuid}
                  className={`floor-spot ${spot.uuid === me.uuid ? 'is-me' : ''}`}
                  style={{
                    left: `${spot.left}%`,
                    top: `${spot.top}%`,
                    zIndex: Math.round(spot.top),
                  }}
                >
                  <RoomAvatar
                    uuid={spot.uuid}
                    data={data}
                    size={40}
                    onOpen={onUser}
                    liking={like === true}
                    disliking={like === false}
                    label={spot.uuid === me.uuid ? t('room.you') : undefined}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
