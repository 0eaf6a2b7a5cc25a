/**
 * Chooses which table replica an edge location reads: its own region when it holds a replica, else one
 * on the same continent (the region prefix: eu, us, ap, …), else the home region.
 */
export function nearestTableRegion(executionRegion: string | undefined, tableRegions: string[], homeRegion: string) {
  if (!executionRegion) return homeRegion;
  if (tableRegions.includes(executionRegion)) return executionRegion;
  const continent = executionRegion.split('-')[0];
  return tableRegions.find((r) => r.split('-')[0] === continent) ?? homeRegion;
}
