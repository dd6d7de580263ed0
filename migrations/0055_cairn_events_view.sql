-- The Analytics Engine dataset's columns over local_events (README, Business events): the README's queries of
-- cairn_events run here as written, but for the time bound (SQLite's datetime() for NOW() - INTERVAL) and
-- _sample_interval, which is 1 because nothing local is sampled.
CREATE VIEW cairn_events AS
SELECT
  event AS index1,
  json_extract(blobs, '$[0]') AS blob1,
  json_extract(blobs, '$[1]') AS blob2,
  json_extract(blobs, '$[2]') AS blob3,
  json_extract(blobs, '$[3]') AS blob4,
  json_extract(blobs, '$[4]') AS blob5,
  json_extract(blobs, '$[5]') AS blob6,
  json_extract(blobs, '$[6]') AS blob7,
  json_extract(blobs, '$[7]') AS blob8,
  json_extract(blobs, '$[8]') AS blob9,
  json_extract(blobs, '$[9]') AS blob10,
  json_extract(blobs, '$[10]') AS blob11,
  json_extract(blobs, '$[11]') AS blob12,
  json_extract(blobs, '$[12]') AS blob13,
  json_extract(blobs, '$[13]') AS blob14,
  json_extract(blobs, '$[14]') AS blob15,
  json_extract(blobs, '$[15]') AS blob16,
  json_extract(blobs, '$[16]') AS blob17,
  json_extract(blobs, '$[17]') AS blob18,
  json_extract(blobs, '$[18]') AS blob19,
  json_extract(blobs, '$[19]') AS blob20,
  value AS double1,
  1 AS _sample_interval,
  written_at AS timestamp
FROM local_events;
