/** The fixed shape of the sample winter circuit: classes, their strength, the towns and the judges. */
import {
  colorGuardSheet,
  concertPercussionSheet,
  percussionSheet,
  windsSheet,
} from '../../../domain/score-sheets/index.js';
import type { ScoreSheet } from '../tabulation/types.js';
import { GROUP_TYPE } from '../../../domain/group-types.js';

export const COLOR_GUARD = GROUP_TYPE.colorGuard;
export const PERCUSSION = GROUP_TYPE.percussion;
export const WINDS = GROUP_TYPE.winds;

export interface SampleDivision {
  name: string;
  initials: string;
  groupTypeId: number;
  sheet: ScoreSheet;
  /** groups registered in the class */
  size: number;
  /** typical total at the first show and at championships: better classes score higher */
  early: number;
  late: number;
  independent: boolean;
  /** minutes between performances in the schedule */
  interval: number;
}

const division = (
  name: string,
  initials: string,
  groupTypeId: number,
  sheet: ScoreSheet,
  size: number,
  early: number,
  late: number,
  interval: number,
): SampleDivision => ({
  name,
  initials,
  groupTypeId,
  sheet,
  size,
  early,
  late,
  independent: /Independent/.test(name),
  interval,
});

export const DIVISIONS: readonly SampleDivision[] = [
  division('Regional A', 'RA', COLOR_GUARD, colorGuardSheet, 12, 52, 71, 8),
  division('Scholastic A', 'SA', COLOR_GUARD, colorGuardSheet, 22, 58, 78, 8),
  division('Scholastic Open', 'SO', COLOR_GUARD, colorGuardSheet, 16, 64, 84, 9),
  division('Scholastic World', 'SW', COLOR_GUARD, colorGuardSheet, 8, 71, 92, 10),
  division('Independent A', 'IA', COLOR_GUARD, colorGuardSheet, 12, 60, 80, 8),
  division('Independent Open', 'IO', COLOR_GUARD, colorGuardSheet, 12, 67, 87, 9),
  division('Independent World', 'IW', COLOR_GUARD, colorGuardSheet, 8, 75, 95, 10),
  division('Percussion Scholastic A', 'PSA', PERCUSSION, percussionSheet, 12, 56, 77, 10),
  division('Percussion Scholastic Open', 'PSO', PERCUSSION, percussionSheet, 9, 62, 84, 10),
  division('Percussion Scholastic World', 'PSW', PERCUSSION, percussionSheet, 5, 70, 92, 12),
  division('Percussion Independent A', 'PIA', PERCUSSION, percussionSheet, 4, 58, 79, 10),
  division('Percussion Independent Open', 'PIO', PERCUSSION, percussionSheet, 4, 65, 86, 11),
  division('Percussion Independent World', 'PIW', PERCUSSION, percussionSheet, 3, 74, 95, 12),
  division('Concert', 'PSC', PERCUSSION, concertPercussionSheet, 3, 60, 82, 10),
  division('Winds Scholastic A', 'WSA', WINDS, windsSheet, 8, 55, 76, 10),
  division('Winds Scholastic Open', 'WSO', WINDS, windsSheet, 6, 62, 83, 11),
  division('Winds Scholastic World', 'WSW', WINDS, windsSheet, 3, 70, 90, 12),
  division('Winds Independent', 'WI', WINDS, windsSheet, 3, 66, 88, 12),
];

/** "City, ST" hometowns of the scholastic groups (a school often fields a guard, a drum line and a winds group). */
export const TOWNS: readonly [string, string][] = [
  ['Allen', 'TX'],
  ['Amarillo', 'TX'],
  ['Arlington', 'TX'],
  ['Austin', 'TX'],
  ['Beaumont', 'TX'],
  ['Bryan', 'TX'],
  ['Cedar Park', 'TX'],
  ['Conroe', 'TX'],
  ['Coppell', 'TX'],
  ['Cypress', 'TX'],
  ['Denton', 'TX'],
  ['Euless', 'TX'],
  ['Flower Mound', 'TX'],
  ['Frisco', 'TX'],
  ['Garland', 'TX'],
  ['Georgetown', 'TX'],
  ['Humble', 'TX'],
  ['Katy', 'TX'],
  ['Keller', 'TX'],
  ['Killeen', 'TX'],
  ['Kingwood', 'TX'],
  ['Lewisville', 'TX'],
  ['Lubbock', 'TX'],
  ['Mansfield', 'TX'],
  ['McKinney', 'TX'],
  ['Midland', 'TX'],
  ['Odessa', 'TX'],
  ['Pearland', 'TX'],
  ['Plano', 'TX'],
  ['Prosper', 'TX'],
  ['Richardson', 'TX'],
  ['Round Rock', 'TX'],
  ['San Marcos', 'TX'],
  ['Spring', 'TX'],
  ['Sugar Land', 'TX'],
  ['Temple', 'TX'],
  ['The Woodlands', 'TX'],
  ['Tomball', 'TX'],
  ['Tyler', 'TX'],
  ['Waco', 'TX'],
  ['Wylie', 'TX'],
  ['Broken Arrow', 'OK'],
  ['Edmond', 'OK'],
  ['Norman', 'OK'],
  ['Owasso', 'OK'],
  ['Bossier City', 'LA'],
  ['Lafayette', 'LA'],
  ['Shreveport', 'LA'],
  ['Bentonville', 'AR'],
  ['Conway', 'AR'],
  ['Fayetteville', 'AR'],
  ['Las Cruces', 'NM'],
  ['Rio Rancho', 'NM'],
  ['Hobbs', 'NM'],
  ['Santa Fe', 'NM'],
];

/** Independent groups' names (color guard, then percussion and winds ensembles). */
export const INDEPENDENT_GUARDS: readonly string[] = [
  'Aurora Winter Guard',
  'Paragon',
  'Etude Independent',
  'Fusion Indoor',
  'Lumina',
  'Vanguard Winter Guard',
  'Elevate Performing Arts',
  'Northstar Independent',
  'Odyssey',
  'Polaris Winter Guard',
  'Reverie',
  'Solstice',
  'Tempest Indoor',
  'Veritas',
  'Zenith Performance Ensemble',
  'Alchemy',
  'Cadence Winter Guard',
  'Equinox',
  'Horizon Independent',
  'Kinetic Motion',
  'Mosaic Winter Guard',
  'Nimbus',
  'Onyx Performance Group',
  'Prism Independent',
  'Radiance',
  'Sentinel Winter Guard',
  'Tessera',
  'Umbra',
  'Verve Indoor',
  'Wavelength',
  'Aria Independent',
  'Bastion',
  'Catalyst',
  'Dreamscape',
];
export const INDEPENDENT_PERCUSSION: readonly string[] = [
  'Rhythmic Force Percussion',
  'Pulse Indoor Percussion',
  'Ironwood Percussion',
  'Thunderhead Percussion',
  'Resonance Percussion Ensemble',
  'Red River Percussion',
  'Lone Star Indoor Percussion',
  'Gulf Coast Percussion',
  'Big Sky Percussion',
  'Cross Timbers Percussion',
  'Midnight Sun Percussion',
  'Bayou City Percussion',
];
export const INDEPENDENT_WINDS: readonly string[] = ['Southwest Winds', 'Crescent City Winds', 'Prairie Wind Ensemble'];

export const JUDGES: readonly [string, string][] = [
  ['Marcus', 'Whitfield'],
  ['Dana', 'Okafor'],
  ['Elena', 'Vasquez'],
  ['Jordan', 'Pruitt'],
  ['Kelsey', 'Tran'],
  ['Brandon', 'Maddox'],
  ['Alicia', 'Herrera'],
  ['Terrence', 'Boyd'],
  ['Natalie', 'Kowalski'],
  ['Derek', 'Lindqvist'],
  ['Rachel', 'Abernathy'],
  ['Shawn', 'McAllister'],
  ['Monica', 'Delgado'],
  ['Trevor', 'Hollis'],
  ['Priya', 'Raman'],
  ['Gavin', 'Sutherland'],
  ['Lauren', 'Castellano'],
  ['Curtis', 'Nakamura'],
  ['Stephanie', 'Beaulieu'],
  ['Andre', 'Fontaine'],
  ['Heather', 'Lund'],
  ['Victor', 'Oyelaran'],
  ['Megan', 'Schreiber'],
  ['Rafael', 'Ortega'],
  ['Tamara', 'Ellison'],
  ['Jared', 'Kincaid'],
  ['Colleen', 'Fitzgerald'],
  ['Wesley', 'Harmon'],
];

export const VENUES: readonly [string, string][] = [
  ['Berkner High School', 'Richardson, TX'],
  ['Pasadena Memorial High School', 'Pasadena, TX'],
  ['Round Rock High School', 'Round Rock, TX'],
  ['Cypress Woods High School', 'Cypress, TX'],
  ['Allen High School', 'Allen, TX'],
  ['Vandegrift High School', 'Austin, TX'],
  ['The Woodlands High School', 'The Woodlands, TX'],
  ['Oak Ridge High School', 'Conroe, TX'],
  ['Bossier Civic Center', 'Bossier City, LA'],
  ['Katy High School', 'Katy, TX'],
  ['Tomball Memorial High School', 'Tomball, TX'],
  ['Frisco Memorial High School', 'Frisco, TX'],
];
