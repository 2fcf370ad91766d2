/* oneDNN Graph graph-v0.5 (888a87a9), src/utils/pm/pbuilder.cpp, abridged: the lines with its
 * unqualified move calls, in file order. */
#include <memory>

#include "interface/op.hpp"
#include "utils/pm/pbuilder.hpp"

using namespace dnnl::graph::impl::utils::pm;
using std::dynamic_pointer_cast;

    m_ins[index] = std::move(p_producer);
    m_outs[index] = std::move(p_consumers);
    m_inner_producers[index] = std::move(p_producer);
    m_debug_string = std::move(name);
    p_op->set_name(std::move(name));
    return append_op(p_fn, {}, std::move(name));
    return append_op(kind(p_kind), p_in_edges, std::move(name));
    return append_op(kind(p_kind), {}, std::move(name));
    return append_op(one_of_kind(p_kind), p_in_edges, std::move(name));
    return append_op(one_of_kind(p_kind), {}, std::move(name));
            new alternation_t(std::move(p_nodes)));
    p_alternation->set_name(std::move(name));
    return append_alternation(std::move(p_nodes), {}, std::move(name));
            new repetition_t(std::move(p_node), std::move(p_map), min_rep, max_rep));
    p_repetition->set_name(std::move(name));
            std::move(p_node), std::move(p_map), min_rep, max_rep, {}, std::move(name));
    std::shared_ptr<repetition_t> p_repetition(new repetition_t(std::move(p_node)));
    p_repetition->set_name(std::move(name));
    return append_optional(std::move(p_node), {}, std::move(name));
    : m_alternatives {std::move(p_nodes)} {
    : m_body {std::move(p_node)}
    , m_port_map {std::move(p_map)}
    : m_body {std::move(p_node)}, m_min_rep {0}, m_max_rep {2} {

std::vector<int> remove_all(std::vector<int> v) { return v; } // no move call: left alone
