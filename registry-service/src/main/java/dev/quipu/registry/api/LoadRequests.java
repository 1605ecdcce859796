package dev.quipu.registry.api;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.LoadJobs;
import dev.quipu.registry.lookup.CountryRegistry;

import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads an operator's load request ({@code country}, optional {@code source} — an absolute file path on
 * the service's host or an http(s) URL —, {@code dataset} and {@code cut_off}) into the loads to run. With
 * no source, every dataset of the country (or the one named) is loaded from its publisher's official URL.
 */
final class LoadRequests {

    private final Map<String, CountryRegistry> registries;

    LoadRequests(List<CountryRegistry> registries) {
        this.registries = registries.stream().collect(Collectors.toMap(CountryRegistry::country, Function.identity()));
    }

    /** The loads, or the 422 entries saying what is wrong with the request. */
    record Parsed(List<LoadJobs.Request> requests, List<ValidationError> errors) {
    }

    Parsed parse(Map<String, Object> body) {
        List<ValidationError> errors = new ArrayList<>();
        String country = text(body, "country");
        CountryRegistry registry = country == null ? null : registries.get(country);
        if (registry == null) {
            errors.add(ValidationError.body("country", "country must be one of " + registries.keySet().stream().sorted().toList(),
                    "enum"));
            return new Parsed(List.of(), errors);
        }
        String datasetId = text(body, "dataset");
        String source = text(body, "source");
        CutOff declared = null;
        String cutOff = text(body, "cut_off");
        if (cutOff != null) {
            try {
                declared = new CutOff(LocalDate.parse(cutOff), "declared by the operator");
            } catch (DateTimeParseException e) {
                errors.add(ValidationError.body("cut_off", "cut_off must be a date YYYY-MM-DD", "date_from_datetime_parsing"));
            }
        }
        Optional<BulkDataset> named = Optional.empty();
        if (datasetId != null) {
            named = registry.datasets().stream().filter(d -> d.id().equals(datasetId)).findFirst();
            if (named.isEmpty()) {
                errors.add(ValidationError.body("dataset", "dataset must be one of " + registry.datasets().stream()
                        .map(BulkDataset::id).toList(), "enum"));
            }
        }
        String file = null;
        String url = null;
        if (source != null) {
            if (source.startsWith("http://") || source.startsWith("https://")) {
                url = URI.create(source).toString();
            } else if (Path.of(source).isAbsolute()) {
                file = source;
            } else {
                errors.add(ValidationError.body("source", "source must be an http(s) URL or an absolute path on the service's host",
                        "value_error"));
            }
        }
        if (!errors.isEmpty()) {
            return new Parsed(List.of(), errors);
        }
        List<LoadJobs.Request> requests = new ArrayList<>();
        if (source != null) {
            String name = source.substring(source.lastIndexOf('/') + 1);
            Optional<BulkDataset> dataset = named.or(() -> registry.datasets().stream().filter(d -> d.recognises(name)).findFirst());
            if (dataset.isEmpty()) {
                return new Parsed(List.of(), List.of(ValidationError.body("dataset", "no dataset of " + country + " recognises the file name "
                        + name + "; name one of " + registry.datasets().stream().map(BulkDataset::id).toList(), "missing")));
            }
            requests.add(new LoadJobs.Request(dataset.get(), file, url, declared));
        } else {
            List<BulkDataset> datasets = named.map(List::of).orElse(registry.datasets());
            for (BulkDataset d : datasets) {
                d.officialUrl().ifPresent(u -> requests.add(new LoadJobs.Request(d, null, u, null)));
            }
            if (requests.isEmpty()) {
                return new Parsed(List.of(), List.of(ValidationError.body("source", "the publisher of " + datasets.stream()
                        .map(BulkDataset::id).toList() + " has no fixed URL: give the file or URL", "missing")));
            }
        }
        return new Parsed(requests, List.of());
    }

    private static String text(Map<String, Object> body, String field) {
        Object v = body.get(field);
        return v instanceof String s && !s.isBlank() ? s.strip() : null;
    }
}
