import { i18n } from '../../i18n';

/**
 * ROOM-RULES-1..9 on the phone: the rules in force as the room shows them (the web's wording,
 * apps/web/src/features/rooms/room/RoomRules.tsx) and the refusals they give, in the app's language.
 */
const en = {
  roomRules: {
    title: 'Room rules',
    shown: {
      maxSongSeconds: 'Songs up to {{time}} long',
      noRepeatPlays: 'No repeat of the last {{count}} plays',
      noRepeatHours: 'No repeat of songs played in the last {{count}} hours',
      djMinutesPerHour: 'Each DJ: at most {{count}} min of songs an hour',
      boothLock: 'Booth locked: {{count}} listed people and the hosts may DJ',
      dislikeSkipShare: 'A song is skipped at {{percent}} % dislikes of active listeners',
      afkDjMinutes: 'A DJ idle for {{count}} min is warned, then taken off the stage',
      newTracksOnly: 'Only songs never played here before',
      boothFrozen: 'Seat line frozen: nobody new takes a seat',
      crossfadeSeconds: 'Songs fade into each other over {{count}} s',
    },
    afkWarning:
      'You will leave the stage in a minute unless you do something — vote, queue a song or chat.',
    refusal: {
      ROOM_RULE_SONG_TOO_LONG: 'This song is longer than the room allows',
      ROOM_RULE_REPEAT: 'This song was played here too recently',
      ROOM_RULE_PLAYTIME_CAP: "This song would pass the room's playtime limit for a DJ in an hour",
      ROOM_RULE_BOOTH_LOCKED: 'The booth is locked: only listed people may take a seat',
      ROOM_RULE_NOT_NEW: 'Only songs never played here before may be played in this room',
      ROOM_RULE_BOOTH_FROZEN: 'The seat line is frozen: nobody new may take a seat right now',
      ROOM_RULE_AFK_REMOVED: 'You were taken off the stage after too long without any action',
    },
  },
};

const es: typeof en = {
  roomRules: {
    title: 'Reglas de la sala',
    shown: {
      maxSongSeconds: 'Canciones de hasta {{time}} de duración',
      noRepeatPlays: 'Sin repetir las últimas {{count}} reproducciones',
      noRepeatHours: 'Sin repetir canciones que sonaron en las últimas {{count}} horas',
      djMinutesPerHour: 'Cada DJ, como mucho {{count}} min de canciones por hora',
      boothLock: 'Cabina cerrada: pueden pinchar {{count}} personas de la lista y los anfitriones',
      dislikeSkipShare:
        'Una canción se salta al {{percent}} % de votos negativos de los oyentes activos',
      afkDjMinutes: 'Un DJ inactivo {{count}} min recibe un aviso y luego baja del escenario',
      newTracksOnly: 'Solo canciones que nunca hayan sonado aquí',
      boothFrozen: 'Fila de asientos congelada: nadie nuevo toma asiento',
      crossfadeSeconds: 'Las canciones se funden una con otra en {{count}} s',
    },
    afkWarning:
      'Dejarás el escenario en un minuto si no haces algo: vota, pon una canción en cola o escribe en el chat.',
    refusal: {
      ROOM_RULE_SONG_TOO_LONG: 'Esta canción es más larga de lo que permite la sala',
      ROOM_RULE_REPEAT: 'Esta canción sonó aquí hace muy poco',
      ROOM_RULE_PLAYTIME_CAP: 'Esta canción pasaría el límite de tiempo por DJ y hora de la sala',
      ROOM_RULE_BOOTH_LOCKED:
        'La cabina está cerrada: solo las personas de la lista pueden tomar un asiento',
      ROOM_RULE_NOT_NEW: 'En esta sala solo pueden sonar canciones que nunca hayan sonado aquí',
      ROOM_RULE_BOOTH_FROZEN:
        'La fila de asientos está congelada: ahora nadie nuevo puede tomar un asiento',
      ROOM_RULE_AFK_REMOVED: 'Te bajaron del escenario tras demasiado tiempo sin ninguna acción',
    },
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);

export type RuleRefusalCode = keyof typeof en.roomRules.refusal;
export const RULE_REFUSAL_CODES = Object.keys(en.roomRules.refusal) as RuleRefusalCode[];
