package dev.quipu.sanctions.lists;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the raw files of one list into a {@link ListSnapshot}, whatever their origin (bundled
 * resources or a download). Files are named as the publisher names them: {@code sdn_advanced.xml}
 * (as SDN_ADVANCED.XML downloads) or {@code sdn_advanced.xml.bz2} (bundled), or {@code sdn.xml}, or
 * {@code sdn.csv}, {@code alt.csv}, {@code add.csv}, {@code sdn_comments.csv} (OFAC SDN);
 * {@code cons_prim.csv} ... or {@code consolidated.xml} (OFAC non-SDN); {@code consolidated.xml}
 * (UN); {@code eu.xml} (EU FSF); {@code uk.ods} (FCDO UK Sanctions List summary) and/or
 * {@code uk.xml} (FCDO XML) and/or {@code ConList.xlsx} / {@code ConList.csv} (OFSI) (UK).
 */
public final class ListReader {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final String ADVANCED = "sdn_advanced.xml";

    /**
     * @param publishedAt publication date when the files do not state one (OFAC CSVs), else null
     */
    public ListSnapshot read(ListId list, Map<String, byte[]> files, String sourceUrl, Instant publishedAt,
                             Instant fetchedAt, String note) {
        return read(list, files, sourceUrl, publishedAt, fetchedAt, note, false);
    }

    /**
     * @param partial the files are a fragment of the list (a bundled sample), not all of it
     */
    public ListSnapshot read(ListId list, Map<String, byte[]> files, String sourceUrl, Instant publishedAt,
                             Instant fetchedAt, String note, boolean partial) {
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            if (f.getValue() == null || f.getValue().length == 0) {
                throw new ListFormatException(list + " file " + f.getKey() + " is empty (0 bytes)");
            }
        }
        List<Entity> entities;
        Instant published = publishedAt;
        String version = null;
        String contentSha = null;
        switch (list) {
            case OFAC_SDN, OFAC_CONS -> {
                OfacAdvancedXmlParser.Parsed advanced = advanced(list, files);
                if (advanced != null) {
                    entities = advanced.entities();
                    contentSha = advanced.sha256();
                    if (advanced.dateOfIssue() != null) {
                        published = advanced.dateOfIssue().atStartOfDay(ZoneOffset.UTC).toInstant();
                    }
                    break;
                }
                String prefix = list == ListId.OFAC_SDN ? "sdn" : "cons_prim";
                String xmlName = list == ListId.OFAC_SDN ? "sdn.xml" : "consolidated.xml";
                if (files.containsKey(xmlName)) {
                    OfacXmlParser.Parsed p = new OfacXmlParser(list).parse(files.get(xmlName));
                    entities = p.entities();
                    if (p.publishDate() != null) {
                        published = usDate(p.publishDate());
                        version = p.publishDate();
                    }
                } else {
                    String alt = list == ListId.OFAC_SDN ? "alt.csv" : "cons_alt.csv";
                    String add = list == ListId.OFAC_SDN ? "add.csv" : "cons_add.csv";
                    String com = list == ListId.OFAC_SDN ? "sdn_comments.csv" : "cons_comments.csv";
                    byte[] primary = files.get(prefix + ".csv");
                    if (primary == null) {
                        throw new ListFormatException(list + ": " + prefix + ".csv missing");
                    }
                    entities = new OfacCsvParser(list).parse(ascii(primary), text(files.get(alt)), text(files.get(add)),
                            text(files.get(com)));
                }
            }
            case UN -> {
                UnXmlParser.Parsed p = new UnXmlParser().parse(required(files, "consolidated.xml"));
                entities = p.entities();
                if (p.dateGenerated() != null) {
                    published = Instant.parse(p.dateGenerated());
                }
            }
            case EU -> {
                EuXmlParser.Parsed p = new EuXmlParser().parse(required(files, "eu.xml"));
                entities = p.entities();
                if (p.generationDate() != null) {
                    published = OffsetDateTime.parse(p.generationDate()).toInstant();
                }
                version = p.globalFileId() == null ? null : "fsf-" + p.globalFileId();
            }
            case UK -> {
                UkRead uk = uk(files, publishedAt);
                entities = uk.entities();
                published = uk.published();
                if (uk.summary() != null) {
                    note = note == null || note.isBlank() ? uk.summary() : note + "; " + uk.summary();
                }
            }
            default -> throw new IllegalStateException();
        }
        if (entities.isEmpty()) {
            throw new ListFormatException(list + ": the files parse but hold no entities");
        }
        String sha = contentSha != null ? contentSha : sha256(files);
        if (version == null) {
            version = (published == null ? LocalDate.ofInstant(fetchedAt, ZoneOffset.UTC).toString()
                    : LocalDate.ofInstant(published, ZoneOffset.UTC).toString()) + "+" + sha.substring(0, 12);
        }
        int names = 0;
        for (Entity e : entities) {
            names += e.names().size();
        }
        ListVersion v = new ListVersion(list, version, sourceUrl, sha, published, fetchedAt, entities.size(), note, names,
                partial);
        return new ListSnapshot(v, entities);
    }

    private record UkRead(List<Entity> entities, Instant published, String summary) {
    }

    /**
     * UK: with the FCDO summary ({@code uk.ods}) it is the list of record and OFSI's ConList
     * ({@code ConList.xlsx} or {@code ConList.csv}) is joined onto it; otherwise the FCDO XML
     * ({@code uk.xml}, the live download) and/or a ConList are served as they are.
     */
    private static UkRead uk(Map<String, byte[]> files, Instant publishedAt) {
        OfsiConList.Parsed ofsi = null;
        if (files.containsKey("ConList.xlsx")) {
            ofsi = new OfsiXlsxParser().parse(files.get("ConList.xlsx"));
        } else if (files.containsKey("ConList.csv")) {
            ofsi = new OfsiConList().parse(Csv.parse(new String(files.get("ConList.csv"), WINDOWS_1252), ','));
        }
        List<Entity> entities = new ArrayList<>();
        Instant published = publishedAt;
        if (files.containsKey("uk.ods")) {
            String fcdoDate = publishedAt == null ? "" : " of " + LocalDate.ofInstant(publishedAt, ZoneOffset.UTC);
            String ofsiName = "OFSI Consolidated List" + (ofsi == null || ofsi.lastUpdated() == null ? "" : " of " + ofsi.lastUpdated());
            UkListJoin.Joined j = UkListJoin.join(new FcdoOdsParser().parse(files.get("uk.ods")),
                    ofsi == null ? List.of() : ofsi.entities(), ofsiName + " only: not on the FCDO UK Sanctions List" + fcdoDate);
            String summary = String.format(java.util.Locale.ROOT, "%,d FCDO designations with %s aliases and details, %,d with "
                    + "the FCDO name only, %,d without a name in either file left out, %,d %s targets not on the FCDO list "
                    + "served as UK:OFSI-<group id>", j.joined(), ofsiName, j.fcdoOnly(), j.unnamed(), j.ofsiOnly(), ofsiName);
            return new UkRead(j.entities(), published, summary);
        }
        if (files.containsKey("uk.xml")) {
            UkXmlParser.Parsed p = new UkXmlParser().parse(files.get("uk.xml"));
            entities.addAll(p.entities());
            if (p.dateGenerated() != null) {
                published = Instant.parse(p.dateGenerated());
            }
        }
        if (ofsi != null) {
            entities.addAll(ofsi.entities());
        }
        return new UkRead(entities, published, null);
    }

    /**
     * The SDN Advanced XML when given, plain or bzip2-compressed, else null. Its version hash is the
     * SHA-256 of the XML itself, so the bundled .bz2 and a download of the same day agree.
     */
    private static OfacAdvancedXmlParser.Parsed advanced(ListId list, Map<String, byte[]> files) {
        if (files.containsKey(ADVANCED)) {
            return new OfacAdvancedXmlParser(list).parse(files.get(ADVANCED));
        }
        if (files.containsKey(ADVANCED + ".bz2")) {
            return new OfacAdvancedXmlParser(list).parseBzip2(files.get(ADVANCED + ".bz2"));
        }
        return null;
    }

    private static byte[] required(Map<String, byte[]> files, String name) {
        byte[] b = files.get(name);
        if (b == null) {
            throw new ListFormatException(name + " missing");
        }
        return b;
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    /** OFAC CSVs are ASCII; windows-1252 keeps any stray high byte readable. */
    private static String ascii(byte[] bytes) {
        return new String(bytes, WINDOWS_1252);
    }

    private static Instant usDate(String mmddyyyy) {
        try {
            return LocalDate.parse(mmddyyyy, DateTimeFormatter.ofPattern("MM/dd/yyyy")).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** One file: its SHA-256. Several: SHA-256 over "name sha256\n" lines in name order. */
    public static String sha256(Map<String, byte[]> files) {
        if (files.size() == 1) {
            return sha256(files.values().iterator().next());
        }
        StringBuilder lines = new StringBuilder();
        new TreeMap<>(files).forEach((name, bytes) -> lines.append(name).append(' ').append(sha256(bytes)).append('\n'));
        return sha256(lines.toString().getBytes(StandardCharsets.UTF_8));
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
