// Where a site's new accounts came from, for marketers (commerce-core §7, the sign-up's source): sign-ups
// counted by the channel that signed them up (the source header), how, the campaign and the store, with the
// accounts associates opened at a store's till apart from those that only named a store. Counts only: no
// shopper is named. An account deleted since still counts: it was a sign-up, and its row keeps no one's data.

import type { SiteId } from '../../../shared/locale/sites.ts';

export interface AcquisitionRow {
  source: string | null;
  acquisitionType: string | null;
  campaign: string | null;
  storeId: string | null;
  /** Opened by an associate at the store's till, rather than online. */
  atTill: boolean;
  signUps: number;
}

export interface AcquisitionReport {
  siteId: SiteId;
  from: string | null;
  to: string | null;
  total: number;
  acquisitions: AcquisitionRow[];
}

interface Row {
  source: string | null;
  acquisition_type: string | null;
  campaign: string | null;
  store_id: string | null;
  at_till: number;
  sign_ups: number;
}

/** The site's sign-ups from `from` to `to` (days, both included; either open), the largest groups first. */
export async function acquisitionReport(
  db: D1Database,
  query: { siteId: SiteId; from?: string | undefined; to?: string | undefined },
): Promise<AcquisitionReport> {
  const { results } = await db
    .prepare(
      `SELECT acquisition_source AS source, acquisition_type, acquisition_campaign AS campaign,
              COALESCE(acquisition_store, acquisition_named_store) AS store_id, acquisition_employee IS NOT NULL AS at_till, COUNT(*) AS sign_ups
       FROM consumers
       WHERE site_id = ?1 AND (?2 IS NULL OR created_at >= ?2) AND (?3 IS NULL OR created_at < date(?3, '+1 day'))
       GROUP BY 1, 2, 3, 4, 5
       ORDER BY sign_ups DESC, source, acquisition_type, campaign, store_id`,
    )
    .bind(query.siteId, query.from ?? null, query.to ?? null)
    .all<Row>();
  const acquisitions = results.map((row) => ({
    source: row.source,
    acquisitionType: row.acquisition_type,
    campaign: row.campaign,
    storeId: row.store_id,
    atTill: row.at_till === 1,
    signUps: row.sign_ups,
  }));
  return {
    siteId: query.siteId,
    from: query.from ?? null,
    to: query.to ?? null,
    total: acquisitions.reduce((sum, row) => sum + row.signUps, 0),
    acquisitions,
  };
}
