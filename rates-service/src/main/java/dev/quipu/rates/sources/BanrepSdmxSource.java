package dev.quipu.rates.sources;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Colombia's DTF (90-day deposit rate, % effective annual) from Banco de la República's SDMX 2.1
 * web service, dataflow {@code DF_DTF_DAILY_HIST}, in SDMX Generic XML: each {@code generic:Obs}
 * has an {@code ObsDimension} (the date) and an {@code ObsValue}. The DTF is weekly, published
 * daily: consecutive days repeat the same value with their own dates.
 */
public final class BanrepDtfSource extends PublisherSource {

    public static final String ID = "banrep-sdmx-dtf";
    static final String GENERIC_NS = "http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic";
    private static final String PUBLISHER = "Banco de la República de Colombia (SDMX DF_DTF_DAILY_HIST)";
    private static final ZoneId BOGOTA = ZoneId.of("America/Bogota");

    private final String baseUrl;

    public BanrepDtfSource(String baseUrl) {
        super(ID, "CO", List.of("dtf_ea"));
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate start = fetchedAt.atZone(BOGOTA).toLocalDate().minusDays(45);
        String url = baseUrl + "/nsi-jax-ws/rest/data/ESTAT,DF_DTF_DAILY_HIST,1.0/all/ALL/?startPeriod=" + start
                + "&dimensionAtObservation=TIME_PERIOD&detail=full";
        SourceRequest request = SourceRequest.of(ID, "dtf", url).withHeader("Accept", "application/xml");
        Document doc = parse(transport.get(request).bytes());
        NodeList obs = doc.getElementsByTagNameNS(GENERIC_NS, "Obs");
        List<Observation> out = new ArrayList<>();
        for (int i = 0; i < obs.getLength(); i++) {
            Element o = (Element) obs.item(i);
            String date = attribute(o, "ObsDimension");
            String value = attribute(o, "ObsValue");
            var number = UpstreamValues.decimal(value);
            if (date == null || number.isEmpty()) {
                continue;
            }
            out.add(new Observation("CO", "dtf_ea", number.get(), date(date), null, PUBLISHER, request.publicUrl(),
                    fetchedAt, true));
        }
        return out;
    }

    private static String attribute(Element obs, String child) {
        NodeList n = obs.getElementsByTagNameNS(GENERIC_NS, child);
        return n.getLength() == 0 ? null : ((Element) n.item(0)).getAttribute("value");
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
