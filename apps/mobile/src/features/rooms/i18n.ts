import { i18n } from '../../i18n';

const en = {
  rooms: {
    tab: 'Rooms',
    title: 'Live now',
    search: 'Search rooms and communities',
    promoted: 'Promoted',
    live: 'Live',
    emptyPublic: 'No public rooms yet. Be the first to open one!',
    noMatch: 'No room matches “{{term}}”',
    listeners_one: '{{count}} listening',
    listeners_other: '{{count}} listening',
    djs_one: '{{count}} DJ',
    djs_other: '{{count}} DJs',
    quiet: 'The decks are quiet',
    locked: 'Password',
    communities: 'Communities',
    noCommunities: 'No community found',
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    communityRooms_one: '{{count}} room',
    communityRooms_other: '{{count}} rooms',
    events: 'Upcoming events',
    noEvents: 'No events planned yet',
    eventLive: 'On now',
    eventAt: '{{when}} in {{room}}',
    open: 'Open',
  },
};

const es: typeof en = {
  rooms: {
    tab: 'Salas',
    title: 'En directo',
    search: 'Buscar salas y comunidades',
    promoted: 'Destacada',
    live: 'En directo',
    emptyPublic: 'Todavía no hay salas públicas. ¡Abre la primera!',
    noMatch: 'Ninguna sala coincide con «{{term}}»',
    listeners_one: '{{count}} escuchando',
    listeners_other: '{{count}} escuchando',
    djs_one: '{{count}} DJ',
    djs_other: '{{count}} DJs',
    quiet: 'Las mesas están en silencio',
    locked: 'Contraseña',
    communities: 'Comunidades',
    noCommunities: 'No se encontró ninguna comunidad',
    members_one: '{{count}} miembro',
    members_other: '{{count}} miembros',
    communityRooms_one: '{{count}} sala',
    communityRooms_other: '{{count}} salas',
    events: 'Próximos eventos',
    noEvents: 'Todavía no hay eventos',
    eventLive: 'Ahora',
    eventAt: '{{when}} en {{room}}',
    open: 'Abrir',
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);
