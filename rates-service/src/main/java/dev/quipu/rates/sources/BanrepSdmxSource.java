package dev.quipu.rates.sources;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Colombia from Banco de la República's SDMX 2.1 web service ("Totoro"): one dataflow per source
 * (TRM, DTF, policy rate, IBR), in SDMX Generic XML where each {@code generic:Obs} has an
 * {@code ObsDimension} (the date, {@code YYYYMMDD}) and an {@code ObsValue}. A dataflow may hold
 * several series (IBR: four tenors, effective and nominal); the series is chosen by its key
 * values, never by position. The parser reads no header text: it differs between dataflows.
 */
public final class BanrepSdmxSource extends PublisherSource {

    /** Which dataflow, which series of it, and what it is. */
    public record Dataflow(String sourceId, String key, String dataflow, String rate, Map<String, String> series,
                           String label) {
    }

    public static final Dataflow TRM = new Dataflow("banrep-sdmx-trm", "trm", "DF_TRM_DAILY_HIST", "usd_cop",
            Map.of("UNIT_MEASURE", "COP"), "TRM");
    public static final Dataflow DTF = new Dataflow("banrep-sdmx-dtf", "dtf", "DF_DTF_DAILY_HIST", "dtf_ea",
            Map.of(), "DTF 90 days, % E.A.");
    public static final Dataflow POLICY_RATE = new Dataflow("banrep-sdmx-cbr", "cbr", "DF_CBR_DAILY_HIST",
            "banrep_rate_pct", Map.of(), "policy rate");
    /** IBR 3 months (SUBJECT IRIBRM03), effective rate (UNIT_MEASURE ER), as the DTF is quoted effective. */
    public static final Dataflow IBR_90 = new Dataflow("banrep-sdmx-ibr", "ibr", "DF_IBR_DAILY_HIST", "ibr_90",
            Map.of("SUBJECT", "IRIBRM03", "UNIT_MEASURE", "ER"), "IBR 3 months, effective");

    static final String GENERIC_NS = "http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic";
    private static final ZoneId BOGOTA = ZoneId.of("America/Bogota");
    /** The service answers from 1 January of startPeriod's year on; only recent days are kept. */
    private static final int KEEP_DAYS = 45;

    private final String baseUrl;
    private final Dataflow flow;

    public BanrepSdmxSource(String baseUrl, Dataflow flow) {
        super(flow.sourceId(), "CO", List.of(flow.rate()));
        this.baseUrl = baseUrl;
        this.flow = flow;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        // the key must be all/all and endPeriod is refused; startPeriod is honoured by year
        int year = fetchedAt.atZone(BOGOTA).toLocalDate().minusDays(KEEP_DAYS).getYear();
        String url = baseUrl + "/nsi-jax-ws/rest/data/ESTAT," + flow.dataflow() + ",1.0/all/all?startPeriod=" + year + "-01-01";
        SourceRequest request = SourceRequest.of(id(), flow.key(), url).withHeader("Accept", "application/xml");
        Document doc = parse(transport.get(request).bytes());
        String publisher = "Banco de la República de Colombia (SDMX " + flow.dataflow() + ", " + flow.label() + ")";
        List<Observation> out = new ArrayList<>();
        NodeList series = doc.getElementsByTagNameNS(GENERIC_NS, "Series");
        for (int s = 0; s < series.getLength(); s++) {
            Element one = (Element) series.item(s);
            if (!matches(one)) {
                continue;
            }
            NodeList obs = one.getElementsByTagNameNS(GENERIC_NS, "Obs");
            for (int i = 0; i < obs.getLength(); i++) {
                Element o = (Element) obs.item(i);
                String date = attribute(o, "ObsDimension");
                var number = UpstreamValues.decimal(attribute(o, "ObsValue"));
                if (date == null || number.isEmpty()) {
                    continue; // NaN or empty: no value that day
                }
                out.add(new Observation("CO", flow.rate(), number.get(), date(date), null, publisher, request.publicUrl(),
                        fetchedAt, true));
            }
        }
        LocalDate newest = out.stream().map(Observation::asOf).max(Comparator.naturalOrder()).orElse(null);
        return newest == null ? out : out.stream().filter(o -> !o.asOf().isBefore(newest.minusDays(KEEP_DAYS))).toList();
    }

    /** A series matches when every wanted key value is in its {@code SeriesKey}. */
    private boolean matches(Element series) {
        Map<String, String> key = new HashMap<>();
        NodeList keys = series.getElementsByTagNameNS(GENERIC_NS, "SeriesKey");
        if (keys.getLength() > 0) {
            NodeList values = ((Element) keys.item(0)).getElementsByTagNameNS(GENERIC_NS, "Value");
            for (int i = 0; i < values.getLength(); i++) {
                Element v = (Element) values.item(i);
                key.put(v.getAttribute("id"), v.getAttribute("value"));
            }
        }
        return flow.series().entrySet().stream().allMatch(e -> e.getValue().equals(key.get(e.getKey())));
    }

    private static String attribute(Element obs, String child) {
        NodeList n = obs.getElementsByTagNameNS(GENERIC_NS, child);
        Node first = n.getLength() == 0 ? null : n.item(0);
        return first == null ? null : ((Element) first).getAttribute("value");
    }

    /** SDMX allows {@code YYYYMMDD} (what BanRep sends) and ISO {@code YYYY-MM-DD}. */
    static LocalDate date(String text) {
        try {
            return text.length() == 8 ? LocalDate.parse(text, DateTimeFormatter.BASIC_ISO_DATE) : LocalDate.parse(text);
        } catch (RuntimeException e) {
            throw new UpstreamException("unreadable SDMX date '" + text + "'");
        }
    }

    private static Document parse(byte[] xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            // An upstream document must not make us read local files or other URLs.
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        } catch (Exception e) {
            throw new UpstreamException("the SDMX answer is not readable XML", e);
        }
    }
}
