import type { Sql } from "postgres";
import sharp from "sharp";

import { hostedPath } from "@/lib/assets/hosted/file-names";
import type { HostedImageKind } from "@/lib/assets/hosted/limits";
import { processImage } from "@/lib/assets/hosted/process-image";

import { ADJECTIVES, AUDIENCES, NOUNS, PROSE_WORDS, RARE_WORDS, TOOLS, VERBS } from "./vocabulary";

// The benchmark's catalogue, written in a handful of set-based statements (generate_series), so
// 100,000 apps take seconds: verified developers, approved apps with skewed install counts,
// three screenshots each, and review rows that match each app's counters. Listings read like real
// ones: a name and a one-sentence description from the product vocabulary, and a long description
// of two such sentences and four to eight sentences of prose whose ~4,800 words follow Zipf's law.

const BENCH_DEVELOPERS = 500;

// A sentence from one of four templates; `pick(list, skew)` prefers the list's first words.
const SENTENCE = `
  case floor(random() * 4)::int
    when 0 then initcap(pg_temp.pick(v, 1.4)) || ' ' || pg_temp.pick(a, 1.4) || ' ' || pg_temp.pick(n, 1.7) || ' ' || pg_temp.pick(n, 1.7) || 's for ' || pg_temp.pick(au, 1.3) || ' and ' || pg_temp.pick(au, 1.3) || '.'
    when 1 then 'Connects ' || pg_temp.pick(t, 1.3) || ' with your ' || pg_temp.pick(n, 1.7) || ' ' || pg_temp.pick(n, 1.7) || 's.'
    when 2 then initcap(pg_temp.pick(a, 1.4)) || ' ' || pg_temp.pick(n, 1.7) || ' ' || pg_temp.pick(v, 1.4) || ' from ' || pg_temp.pick(t, 1.3) || ' to ' || pg_temp.pick(t, 1.3) || '.'
    else initcap(pg_temp.pick(v, 1.4)) || ' every ' || pg_temp.pick(n, 1.7) || ' in ' || pg_temp.pick(t, 1.3) || ' with ' || pg_temp.pick(a, 1.4) || ' ' || pg_temp.pick(n, 1.7) || 's.'
  end`;

// An app's screenshot at `position`, from its `slug` (written to app_screenshots and, as the
// trigger of migration 0009 would, to apps.public_screenshots).
const SCREENSHOT_URL = `'https://cdn.example.com/bench/' || slug || '/shot-' || position || '.png'`;
const SCREENSHOT_CAPTION = `'Screenshot ' || (position + 1)`;

/**
 * Sentences of prose drawn once, then picked per app: 8–16 words each, a word of rank r with
 * probability ∝ 1/r (floor(exp(u · ln(N + 1))) for a uniform u). A pool keeps a million apps' seed
 * in minutes; each app still gets its own mix of sentences.
 */
const MAX_PROSE_SENTENCES = 200_000;
// `+ 0 * w` ties the pick to the inner row: without a reference to its own level, Postgres would
// evaluate the aggregate over it at the outer level.
const PROSE_WORD = `vocabulary.p[floor(exp(random() * ln(array_length(vocabulary.p, 1) + 1)))::int + 0 * w]`;

/** Two sentences per app, between 2,000 and MAX_PROSE_SENTENCES. */
const proseSentencesFor = (apps: number) => Math.min(MAX_PROSE_SENTENCES, Math.max(2_000, apps * 2));

/** A hosted image as a submit stores it (checked, with its variants): one per kind, shared by every app. */
async function hostedImage(kind: Exclude<HostedImageKind, "description">, width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return processImage(bytes, kind, { owner: "bench" });
}

/**
 * Seeds `apps` approved apps of BENCH_DEVELOPERS verified developers, their images hosted as their
 * submits would have left them (copies recorded, hosted paths that the server reads on its APP_URL);
 * deterministic for a given count.
 */
export async function seedCatalogue(sql: Sql, apps: number): Promise<void> {
  const images = {
    logo: await hostedImage("logo", 512, 512),
    banner: await hostedImage("banner", 1200, 600),
    screenshot: await hostedImage("screenshot", 1280, 720),
  };
  const urlOf = (image: (typeof images)[keyof typeof images]) => hostedPath(image.hash, "original", "image/png");
  await sql.begin(async (tx) => {
    // A bulk load, as pg_restore does it: the row triggers that keep apps.public and the public
    // counts would update one count cell per inserted app (100,000 versions of 60 rows in one
    // transaction); they are off for this transaction: the apps are written public (approved, of
    // verified developers), the counts in one statement afterwards, and both are checked.
    await tx`set local session_replication_role = replica`;
    await tx`select setseed(0.42)`;
    await tx.unsafe(`
      create function pg_temp.pick(words text[], skew float8) returns text language sql volatile
      as $$ select words[1 + floor(power(random(), skew) * array_length(words, 1))::int] $$`);
    await tx.unsafe(`
      create function pg_temp.sentence(n text[], v text[], a text[], t text[], au text[]) returns text language sql volatile
      as $$ select ${SENTENCE} $$`);
    await tx.unsafe(`create temporary table prose (id int primary key, sentence text not null) on commit drop`);
    await tx`
      insert into prose (id, sentence)
      select i, upper(left(words, 1)) || substr(words, 2) || '.'
      from (select ${PROSE_WORDS}::text[] as p) as vocabulary, generate_series(1, ${proseSentencesFor(apps)}) as i,
        -- Correlated with i, so each sentence draws its own words.
        lateral (select string_agg(${tx.unsafe(PROSE_WORD)}, ' ') as words
                 from generate_series(1, 8 + floor(random() * 9)::int) as w where i > 0) as picked`;
    await tx.unsafe(`
      create function pg_temp.prose(sentences int) returns text language sql volatile
      as $$ select string_agg(prose.sentence, ' ')
            from (select 1 + floor(random() * ${proseSentencesFor(apps)})::int as id from generate_series(1, sentences)) as picked
            join prose using (id) $$`);
    await tx`
      insert into developers (yapture_user_id, name, email, company_name, website_url, status, verified_at)
      select 'bench-developer-' || i, 'Bench Developer ' || i, 'bench-developer-' || i || '@example.com', 'Bench Co ' || i,
             'https://bench-' || i || '.example.com', 'VERIFIED', now() - interval '3 years'
      from generate_series(1, ${BENCH_DEVELOPERS}) as i`;
    await tx`
      with words as (
        select ${NOUNS}::text[] as n, ${VERBS}::text[] as v, ${ADJECTIVES}::text[] as a, ${TOOLS}::text[] as t,
               ${AUDIENCES}::text[] as au, ${RARE_WORDS}::text[] as rare,
               (select array_agg(id order by yapture_user_id) from developers where yapture_user_id like 'bench-developer-%') as developer_ids
      ),
      drafts as (
        select i,
          case when random() < 0.3 then pg_temp.pick(t, 1.3) else initcap(pg_temp.pick(a, 1.4)) end
            || ' ' || initcap(pg_temp.pick(n, 1.7)) || ' ' || initcap(pg_temp.pick(n, 1.7)) as name,
          pg_temp.sentence(n, v, a, t, au) as description,
          pg_temp.sentence(n, v, a, t, au) || ' ' || pg_temp.sentence(n, v, a, t, au) || ' ' || pg_temp.prose(4 + floor(random() * 5)::int)
            || case when random() < 0.02 then ' Inspired by the ' || pg_temp.pick(rare, 1) || '.' else '' end as long_description,
          developer_ids[1 + i % ${BENCH_DEVELOPERS}] as developer_id,
          (array['PRODUCTIVITY','UTILITIES','BUSINESS','DEVELOPER_TOOLS','COMMUNICATION','ANALYTICS','AI_ML','FINANCE','EDUCATION','OTHER'])[1 + floor(random() * 10)::int] as category,
          case when random() < 0.8 then 'production' when random() < 0.75 then 'staging' else 'localhost' end as environment,
          now() - random() * interval '730 days' as published_at,
          floor(power(random(), 10) * 50)::int as review_count,
          floor(power(random(), 4) * 100000)::int as installs
        from words, generate_series(1, ${apps}) as i
      )
      insert into apps (developer_id, slug, name, description, long_description, category, environment, logo_url, banner_url,
                        hosted_logo_url, hosted_banner_url,
                        website_url, status, visibility, public, featured, install_count, active_install_count, review_count, rating_sum,
                        published_at, submitted_at, created_at, updated_at, public_screenshots)
      select developer_id, slugs.slug, name, description, long_description,
             category::app_category, environment::app_environment,
             'https://cdn.example.com/bench/' || i || '/logo.png', 'https://cdn.example.com/bench/' || i || '/banner.png',
             ${urlOf(images.logo)}, ${urlOf(images.banner)},
             -- Every tenth app is a private test build (issue 47): public reads must skip them at no cost.
             'https://app-' || i || '.example.com', 'APPROVED',
             (case when i % 10 = 0 then 'PRIVATE' else 'PUBLIC' end)::app_visibility, i % 10 <> 0, random() < 0.02,
             installs, installs, review_count, review_count + round(random() * 4 * review_count)::int,
             published_at, published_at - interval '2 days', published_at - interval '5 days', published_at,
             (select json_agg(json_build_object('url', ${urlOf(images.screenshot)}::text, 'caption', ${tx.unsafe(SCREENSHOT_CAPTION)}, 'order', position) order by position)
              from generate_series(0, 2) as position)
      from drafts, lateral (select lower(replace(name, ' ', '-')) || '-' || i as slug) as slugs`;
    await tx`
      insert into app_screenshots (app_id, url, hosted_url, caption, position)
      select id, ${tx.unsafe(SCREENSHOT_URL)}, ${urlOf(images.screenshot)}, ${tx.unsafe(SCREENSHOT_CAPTION)}, position
      from apps, generate_series(0, 2) as position
      where slug ~ '-[0-9]+$'`;
    for (const image of Object.values(images)) {
      await tx`insert into hosted_assets (hash, format, width, height) values (${image.hash}, ${image.format}, ${image.width}, ${image.height})`;
      for (const file of image.files) {
        await tx`insert into hosted_asset_files (hash, variant, content_type, width, height, bytes)
                 values (${image.hash}, ${file.variant}, ${file.contentType}, ${file.width}, ${file.height}, ${file.bytes})`;
      }
    }
    await tx`
      insert into listing_image_copies (subject_type, subject_id, field, source_url, hash)
      select 'app', id, 'logoUrl', logo_url, ${images.logo.hash} from apps
      union all select 'app', id, 'bannerUrl', banner_url, ${images.banner.hash} from apps
      union all select 'app', app_id, 'screenshots[' || position || '].url', url, ${images.screenshot.hash} from app_screenshots`;
    await tx`
      insert into reviews (app_id, yapture_user_id, author_name, rating, title, body, created_at, updated_at)
      select id, 'bench-reviewer-' || n, 'Reviewer ' || n,
             -- Ratings of 1–5 that add up to the app's rating_sum.
             1 + ((rating_sum - review_count) * n / review_count) - ((rating_sum - review_count) * (n - 1) / review_count), 'Review ' || n,
             'Works well with our ' || name || ' setup.', published_at + n * interval '1 hour', published_at + n * interval '1 hour'
      from apps, generate_series(1, review_count) as n`;
    await tx`
      update public_app_counts c set apps = counted.apps
      from (select category, environment, featured, count(*)::int as apps from apps where public group by 1, 2, 3) as counted
      where (c.category, c.environment, c.featured) = (counted.category, counted.environment, counted.featured)`;
  });
  const [check] = await sql<{ wrong: number }[]>`
    select (select count(*)::int from apps a join developers d on d.id = a.developer_id
            where a.public <> (a.status = 'APPROVED' and a.visibility = 'PUBLIC' and d.status = 'VERIFIED'))
         + (select count(*)::int from public_app_counts c
            where c.apps <> (select count(*) from apps a
                             where a.public and (a.category, a.environment, a.featured) = (c.category, c.environment, c.featured)))
         + (select count(*)::int from apps a
            where a.public_screenshots::text is distinct from (
              select json_agg(json_build_object('url', coalesce(s.hosted_url, s.url), 'caption', s.caption, 'order', s.position) order by s.position)::text
              from app_screenshots s where s.app_id = a.id)) as wrong`;
  if (check!.wrong > 0)
    throw new Error(`seed: ${check!.wrong} apps, count cells or screenshot lists disagree with what the triggers would write`);
  // Statistics and a visibility map, as autovacuum would have left them on a live server.
  await sql`vacuum analyze`;
}
