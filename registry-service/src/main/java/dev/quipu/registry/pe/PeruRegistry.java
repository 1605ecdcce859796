package dev.quipu.registry.pe;

import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.company.TaxIdView;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.lookup.BundledSample;
import dev.quipu.registry.lookup.ConfidenceRule;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.lookup.SourceRefs;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Peru. SUNAT's Padrón Reducido RUC is the record (name, state, domicile condition, address); its padrones
 * of Buenos Contribuyentes and Agentes de Retención are listings, and name the taxpayer when the padrón
 * reducido is not loaded. A RUC beginning with 10 is a natural person's and embeds the DNI: SUNAT publishes
 * the name with it, and it is served as SUNAT publishes it.
 */
@Singleton
public class PeruRegistry implements CountryRegistry {

    static final String CONDITION_LIST = "SUNAT — Condición de domicilio";
    /** SUNAT publishes the padrón reducido every day. */
    static final Duration CYCLE = Duration.ofDays(1);

    private final PadronReducidoDataset padron;
    private final BuenosContribuyentesDataset buenos;
    private final AgentesRetencionDataset agentes;
    private final Ubigeos ubigeos;
    private final Clock clock;

    public PeruRegistry(PadronReducidoDataset padron, BuenosContribuyentesDataset buenos, AgentesRetencionDataset agentes,
                        Ubigeos ubigeos, Clock clock) {
        this.padron = padron;
        this.buenos = buenos;
        this.agentes = agentes;
        this.ubigeos = ubigeos;
        this.clock = clock;
    }

    @Override
    public String country() {
        return "PE";
    }

    @Override
    public List<BulkDataset> datasets() {
        return List.of(padron, buenos, agentes);
    }

    @Override
    public List<BundledSample> bundled() {
        return List.of(
                new BundledSample(BuenosContribuyentesDataset.ID, "registry/pe/sunat/BueCont_TXT.txt.gz",
                        "https://www.sunat.gob.pe/descarga/BueCont/BueCont_TXT.zip", CutOff.unknown()),
                new BundledSample(AgentesRetencionDataset.ID, "registry/pe/sunat/AgenRet_TXT.txt",
                        "https://www.sunat.gob.pe/descarga/AgentRet/AgenRet_TXT.zip", CutOff.unknown()),
                // the 11-line head of one copy (SOURCES.md): its date is unknown
                new BundledSample(PadronReducidoDataset.ID, "registry/pe/sunat/padron_reducido_ruc-head.txt",
                        "https://www.sunat.gob.pe/descargaPRR/padron_reducido_ruc.zip", CutOff.unknown()));
    }

    @Override
    public List<String> keys(TaxIdCheck id) {
        return List.of(id.normalized());
    }

    @Override
    public Optional<CompanyRecord> assemble(TaxIdCheck id, Evidence evidence) {
        String key = id.normalized();
        Optional<StoredRow> record = evidence.first(PadronReducidoDataset.ID, key);
        List<StoredRow> buenosRows = mine(evidence.rows(BuenosContribuyentesDataset.ID), key);
        List<StoredRow> agentesRows = mine(evidence.rows(AgentesRetencionDataset.ID), key);
        if (record.isEmpty() && buenosRows.isEmpty() && agentesRows.isEmpty()) {
            return Optional.empty();
        }
        CompanyBuilder company = new CompanyBuilder(TaxIdView.of(id));
        List<Listing> listings = new ArrayList<>();
        Map<Long, SourceRef> sources = new LinkedHashMap<>();
        List<String> notVerified = new ArrayList<>();

        record.ifPresent(row -> {
            Map<String, String> f = row.fields();
            sources.put(row.load().id(), SourceRefs.of(padron, row));
            company.legalName(f.get(PadronReducidoReader.NAME), padron.id())
                    .status(PadronReducido.status(f.get(PadronReducidoReader.STATE)), padron.id())
                    .registrationType("Registro Único de Contribuyentes (RUC)", padron.id())
                    .registrationNumber(key, padron.id())
                    .registrationAuthority("SUNAT", padron.id())
                    .address(PadronReducido.address(f, ubigeos), padron.id());
            String condition = f.get(PadronReducidoReader.CONDITION);
            if (condition != null) {
                listings.add(new Listing(CONDITION_LIST, padron.id(), condition, null, null, row.load().cutOff(), List.of()));
            }
        });
        padronListing(BuenosContribuyentesDataset.LIST, buenos, buenosRows, company, listings, sources);
        padronListing(AgentesRetencionDataset.LIST, agentes, agentesRows, company, listings, sources);

        Confidence confidence;
        if (record.isPresent()) {
            confidence = ConfidenceRule.registryRecord(SourceRefs.of(padron, record.get()), CYCLE, false,
                    LocalDate.now(clock));
        } else {
            notVerified.add("The RUC has no record in the loaded Padrón Reducido RUC: its state (activo, baja…), domicile"
                    + " condition (habido, no habido) and address could not be checked; the name is as SUNAT's padrón"
                    + " of " + listings.get(0).list().replace("SUNAT — ", "") + " gives it.");
            confidence = ConfidenceRule.identifierAndLists("only the RUC's validity and its presence on SUNAT's padrones"
                    + " are known");
        }
        notVerified.add("SUNAT's open files publish no registration date, legal form, activities, capital or"
                + " representatives; SUNAT's Consulta RUC, which shows some of them, is not an open API.");
        return Optional.of(new CompanyRecord(company.build(), List.copyOf(listings), List.copyOf(sources.values()),
                company.fieldSources(), confidence, null, List.copyOf(notVerified)));
    }

    /** A padrón's listing from its newest edition holding the RUC, the older editions as history. */
    private static void padronListing(String list, BulkDataset dataset, List<StoredRow> rows, CompanyBuilder company,
                                      List<Listing> listings, Map<Long, SourceRef> sources) {
        if (rows.isEmpty()) {
            return;
        }
        List<Listing> history = rows.subList(1, rows.size()).stream().map(r -> listing(list, dataset, r, List.of())).toList();
        StoredRow newest = rows.get(0);
        rows.forEach(r -> sources.putIfAbsent(r.load().id(), SourceRefs.of(dataset, r)));
        company.legalName(unquoted(newest.fields().get(SunatPadronReader.NAME)), dataset.id());
        listings.add(listing(list, dataset, newest, history));
    }

    private static Listing listing(String list, BulkDataset dataset, StoredRow row, List<Listing> history) {
        Map<String, String> f = row.fields();
        return new Listing(list, dataset.id(), null, SunatPadronReader.date(f.get(SunatPadronReader.SINCE)),
                f.get(SunatPadronReader.RESOLUTION), row.load().cutOff(), history);
    }

    private static List<StoredRow> mine(List<StoredRow> rows, String key) {
        return rows.stream().filter(r -> r.key().equals(key)).toList();
    }

    /** SUNAT's export wraps some names in double quotes ({@code "AGRO INVERSIONES PIER S.A.C."}); the name is inside. */
    static String unquoted(String name) {
        if (name != null && name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
            return name.substring(1, name.length() - 1).strip();
        }
        return name;
    }
}
