package dev.quipu.registry.mx;

import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.CompanyRecord;
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
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.Finding;
import dev.quipu.registry.taxid.TaxIdCheck;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Mexico. SAT publishes no open RFC registry, so an answer is what can be verified: the RFC's form and check
 * digit, and the company's presence on (or absence from) SAT's Art. 69-B and Art. 69 lists. Every valid RFC
 * gets a record (LOW confidence), named when a list names it; the 69-B situation is a listing, never the
 * company's status, which stays unknown.
 */
@Singleton
public class MexicoRegistry implements CountryRegistry {

    static final String NO_REGISTRY = "SAT publishes no open RFC registry: the company's existence, ";

    private final Sat69bDataset efos;
    private final Sat69Dataset incumplidos;
    private final LoadedEditions editions;

    public MexicoRegistry(Sat69bDataset efos, Sat69Dataset incumplidos, LoadedEditions editions) {
        this.efos = efos;
        this.incumplidos = incumplidos;
        this.editions = editions;
    }

    @Override
    public String country() {
        return "MX";
    }

    @Override
    public List<BulkDataset> datasets() {
        return List.of(efos, incumplidos);
    }

    @Override
    public List<BundledSample> bundled() {
        String dir = "registry/mx/sat-69b/";
        String omawww = "http://omawww.sat.gob.mx/cifras_sat/Documents/Listado_Completo_69-B.csv";
        // the legend in each file gives its cut-off
        return List.of(
                new BundledSample(Sat69bDataset.ID, dir + "Listado_Completo_69-B_2021-05-18.csv.gz", omawww, CutOff.unknown()),
                new BundledSample(Sat69bDataset.ID, dir + "Listado_Completo_69-B_2022-11-30.csv.gz", omawww, CutOff.unknown()));
    }

    @Override
    public List<String> keys(TaxIdCheck id) {
        return List.of(id.normalized());
    }

    @Override
    public Optional<CompanyRecord> assemble(TaxIdCheck id, Evidence evidence) {
        String key = id.normalized();
        CompanyBuilder company = new CompanyBuilder(TaxIdView.of(id));
        List<Listing> listings = new ArrayList<>();
        Map<Long, SourceRef> sources = new LinkedHashMap<>();
        List<String> notVerified = new ArrayList<>();

        List<List<StoredRow>> efosEditions = SatListings.editions(mine(evidence.rows(Sat69bDataset.ID), key));
        Optional<LoadRecord> newestEfos = newest(Sat69bDataset.ID);
        if (!efosEditions.isEmpty()) {
            efosEditions.forEach(e -> sources.put(e.get(0).load().id(), SourceRefs.of(efos, e.get(0))));
            company.legalName(SatListings.name(efosEditions.get(0).get(0).fields().get(SatListings.NAME_69B)), efos.id());
            listings.addAll(SatListings.efos(efos.id(), efosEditions));
        } else {
            newestEfos.ifPresent(l -> sources.put(l.id(), SourceRefs.of(efos, l)));
        }
        List<List<StoredRow>> art69 = SatListings.editions(mine(evidence.rows(Sat69Dataset.ID), key));
        if (!art69.isEmpty()) {
            sources.put(art69.get(0).get(0).load().id(), SourceRefs.of(incumplidos, art69.get(0).get(0)));
            company.legalName(art69.get(0).get(0).fields().get(SatListings.NAME_69), incumplidos.id());
            listings.addAll(SatListings.incumplidos(incumplidos.id(), art69.get(0)));
        } else {
            newest(Sat69Dataset.ID).ifPresent(l -> sources.put(l.id(), SourceRefs.of(incumplidos, l)));
        }

        if (company.hasLegalName()) {
            notVerified.add(NO_REGISTRY + "status, address, activities and representatives could not be checked; the"
                    + " name is as SAT's list gives it. " + identifier(id) + ".");
        } else {
            notVerified.add(NO_REGISTRY + "name, status, address, activities and representatives could not be checked;"
                    + " " + identifier(id) + " and " + absence(newestEfos, SatListings.EFOS.replace("SAT ", "")) + ".");
        }
        if (!efosEditions.isEmpty()) {
            notVerified.add("The Art. 69-B situation is SAT's finding on simulated operations, not a registry status:"
                    + " the company's status stays unknown.");
        }
        if (art69.isEmpty()) {
            newest(Sat69Dataset.ID).ifPresent(l -> notVerified.add("The RFC is not on the Art. 69 list of non-compliant"
                    + " taxpayers as of " + cutOff(l) + "."));
        }
        for (Finding w : id.warnings()) {
            notVerified.add("Warning " + w.code() + ": " + w.message() + ".");
        }
        String what = listings.isEmpty()
                ? "only the RFC's validity and its absence from SAT's lists are known"
                : "only the RFC's validity and its presence on SAT's lists are known";
        return Optional.of(new CompanyRecord(company.build(), List.copyOf(listings), List.copyOf(sources.values()),
                company.fieldSources(), ConfidenceRule.identifierAndLists(what), null, List.copyOf(notVerified)));
    }

    private static List<StoredRow> mine(List<StoredRow> rows, String key) {
        return rows.stream().filter(r -> r.key().equals(key)).toList();
    }

    private Optional<LoadRecord> newest(String dataset) {
        return editions.of(dataset).stream().filter(LoadRecord::complete)
                .max(Comparator.comparing(LoadRecord::cutOff, Comparator.nullsFirst(Comparator.naturalOrder()))
                        .thenComparing(LoadRecord::id));
    }

    private static String identifier(TaxIdCheck id) {
        boolean checkDigit = id.warnings().stream().noneMatch(w -> w.code().equals("rfc.check_digit"));
        return "the RFC " + id.normalized() + " is well formed (" + (checkDigit
                ? "check digit agrees" : "check digit does not agree; SAT issued some such RFCs") + ")";
    }

    private static String absence(Optional<LoadRecord> newest, String list) {
        return newest.map(l -> "is not on the " + list + " list as of " + cutOff(l))
                .orElse("no edition of the Art. 69-B list is loaded, so its presence there could not be checked");
    }

    private static String cutOff(LoadRecord l) {
        return l.cutOff() == null ? "an edition of unknown cut-off" : l.cutOff().toString();
    }
}
