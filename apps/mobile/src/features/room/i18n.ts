import { i18n } from '../../i18n';

const en = {
  room: {
    title: 'Room',
    joining: 'Joining the room…',
    notFound: 'This room does not exist (any more).',
    failed: 'Could not join the room',
    kicked: 'You were removed from this room',
    reconnecting: 'Reconnecting…',
    leave: 'Leave',
    stage: 'Stage',
    floor: 'Floor',
    emptyStage: 'No DJ yet: the decks are free',
    emptyFloor: 'Nobody on the floor yet',
    nothingPlaying: 'Nothing is playing right now',
    nowPlaying: 'Now playing',
    like: 'Like',
    dislike: 'Dislike',
    star: 'Star',
    vibe: 'Vibe',
    guestVotes: 'Sign in to vote',
    people_one: '{{count}} person here',
    people_other: '{{count}} people here',
    dj: 'DJ',
    voteFailed: 'Your vote did not go through',
  },
};

const es: typeof en = {
  room: {
    title: 'Sala',
    joining: 'Entrando en la sala…',
    notFound: 'Esta sala no existe (o ya no existe).',
    failed: 'No se pudo entrar en la sala',
    kicked: 'Te han sacado de esta sala',
    reconnecting: 'Reconectando…',
    leave: 'Salir',
    stage: 'Escenario',
    floor: 'Pista',
    emptyStage: 'Todavía no hay DJ: las mesas están libres',
    emptyFloor: 'Todavía no hay nadie en la pista',
    nothingPlaying: 'Ahora no suena nada',
    nowPlaying: 'Suena ahora',
    like: 'Me gusta',
    dislike: 'No me gusta',
    star: 'Favorita',
    vibe: 'Ambiente',
    guestVotes: 'Inicia sesión para votar',
    people_one: '{{count}} persona aquí',
    people_other: '{{count}} personas aquí',
    dj: 'DJ',
    voteFailed: 'Tu voto no se registró',
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);
