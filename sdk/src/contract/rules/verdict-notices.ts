// What players are told of a verdict correction (issue #44). Every team may learn who holds a challenge's bloods now:
// a correction that moved them posts the usual blood notice for each new holder, marked. What happened to the
// corrected team is its own business: only its members hear of it (`TeamNotice`, the user hub's
// `ReceivedTeamNotice`), in their language, never as a public notice.

/**
 * The third value of a blood notice a correction posted: [team, challenge, marker]. GZ::CTF's client reads the first
 * two and shows an ordinary blood notice; Pennon's says the blood came by a correction.
 */
export const correctedBloodMarker = 'Corrected';
