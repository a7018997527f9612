/*
 * CBox2D: a small extern "C" face over Box2D 2.4.1 for AnimaDynamics.
 *
 * Units are Box2D's: metres, seconds, kilograms, radians. The caller converts from points.
 * Every handle is opaque and has its own type; each create has a matching destroy.
 * Every function validates its numbers: a non-finite value makes the call a no-op (or return 0),
 * because Box2D's own asserts are live in Debian's build and would abort the process.
 * Time enters only through cb2_world_step.
 */
#ifndef CBOX2D_H
#define CBOX2D_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Handles ---- */
typedef struct cb2_world cb2_world;
typedef struct cb2_body cb2_body;
typedef struct cb2_joint cb2_joint;

typedef struct cb2_vec2 { double x; double y; } cb2_vec2;

/* A body's pose: origin in metres, angle in radians and its cosine and sine. */
typedef struct cb2_pose { double x; double y; double angle; double c; double s; int32_t awake; } cb2_pose;

typedef enum cb2_body_type {
    CB2_BODY_STATIC = 0,
    CB2_BODY_KINEMATIC = 1,
    CB2_BODY_DYNAMIC = 2
} cb2_body_type;

/* Surface material for fixtures; density in kg/m^2. */
typedef struct cb2_material { double density; double friction; double restitution; } cb2_material;

/* One contact transition, recorded during a step and drained afterwards.
 * began is 1 for a new touching contact and 0 when it ends; the point is valid when has_point is 1. */
typedef struct cb2_contact_event {
    uint64_t tag_a;
    uint64_t tag_b;
    int32_t began;
    int32_t has_point;
    double x;
    double y;
} cb2_contact_event;

int cb2_version_major(void);

/* ---- World ---- */
cb2_world *cb2_world_create(double gravity_x, double gravity_y);
void cb2_world_destroy(cb2_world *world);
void cb2_world_set_gravity(cb2_world *world, double gravity_x, double gravity_y);
void cb2_world_step(cb2_world *world, double dt, int32_t velocity_iterations, int32_t position_iterations);
int32_t cb2_world_body_count(const cb2_world *world);
int32_t cb2_world_joint_count(const cb2_world *world);
int32_t cb2_world_contact_count(const cb2_world *world);
/* Dynamic or kinematic bodies that are awake (static bodies never count). */
int32_t cb2_world_awake_body_count(const cb2_world *world);
int32_t cb2_world_contact_event_count(const cb2_world *world);
cb2_contact_event cb2_world_contact_event_at(const cb2_world *world, int32_t index);
void cb2_world_clear_contact_events(cb2_world *world);

/* ---- Body ---- */
/* The tag is reported in contact events; it is the caller's id for the body. */
cb2_body *cb2_body_create(cb2_world *world, cb2_body_type type, double x, double y, double angle, uint64_t tag);
void cb2_body_destroy(cb2_body *body);
uint64_t cb2_body_tag(const cb2_body *body);
void cb2_body_set_type(cb2_body *body, cb2_body_type type);
cb2_body_type cb2_body_get_type(const cb2_body *body);
cb2_vec2 cb2_body_position(const cb2_body *body);
double cb2_body_angle(const cb2_body *body);
/* Position, angle, rotation and awake flag in one call (for writing results back each step). */
cb2_pose cb2_body_pose(const cb2_body *body);
void cb2_body_set_transform(cb2_body *body, double x, double y, double angle);
cb2_vec2 cb2_body_linear_velocity(const cb2_body *body);
void cb2_body_set_linear_velocity(cb2_body *body, double vx, double vy);
double cb2_body_angular_velocity(const cb2_body *body);
void cb2_body_set_angular_velocity(cb2_body *body, double omega);
void cb2_body_apply_force(cb2_body *body, double fx, double fy, double px, double py, int32_t wake);
void cb2_body_apply_force_to_center(cb2_body *body, double fx, double fy, int32_t wake);
void cb2_body_apply_linear_impulse(cb2_body *body, double ix, double iy, double px, double py, int32_t wake);
void cb2_body_apply_torque(cb2_body *body, double torque, int32_t wake);
double cb2_body_mass(const cb2_body *body);
double cb2_body_inertia(const cb2_body *body);
cb2_vec2 cb2_body_world_center(const cb2_body *body);
/* Mass in kg and rotational inertia about the body origin in kg m^2; the centre of mass is the origin. */
void cb2_body_set_mass_data(cb2_body *body, double mass, double inertia);
void cb2_body_reset_mass_data(cb2_body *body);
void cb2_body_set_linear_damping(cb2_body *body, double damping);
void cb2_body_set_angular_damping(cb2_body *body, double damping);
void cb2_body_set_fixed_rotation(cb2_body *body, int32_t fixed);
int32_t cb2_body_is_awake(const cb2_body *body);
void cb2_body_set_awake(cb2_body *body, int32_t awake);
void cb2_body_set_bullet(cb2_body *body, int32_t bullet);
/* World-space bounding box of all fixtures: lower (x0, y0), upper (x1, y1). Returns 0 without fixtures. */
int32_t cb2_body_aabb(const cb2_body *body, double *x0, double *y0, double *x1, double *y1);

/* ---- Fixtures (shapes in body-local metres) ---- */
int32_t cb2_body_add_box(cb2_body *body, double half_width, double half_height, cb2_material material);
int32_t cb2_body_add_circle(cb2_body *body, double radius, cb2_material material);
/* Adds the convex hull of xy[0..2*count) as one or more polygons (Box2D allows 8 vertices each).
 * Returns the number of polygons added; 0 when the hull is degenerate. */
int32_t cb2_body_add_convex_hull(cb2_body *body, const double *xy, int32_t count, cb2_material material);
/* A two-sided segment; returns 0 when it is shorter than Box2D's slop. */
int32_t cb2_body_add_edge(cb2_body *body, double x1, double y1, double x2, double y2, cb2_material material);
int32_t cb2_body_fixture_count(const cb2_body *body);
void cb2_body_set_material(cb2_body *body, cb2_material material);
void cb2_body_destroy_fixtures(cb2_body *body);

/* Collision filtering by groups (bit i = group i):
 * two item bodies collide when their items masks share a bit;
 * an item touches a boundary body when its boundaries mask shares a bit with the boundary's owner bits;
 * boundaries never collide with each other. A body with owner bits != 0 is a boundary. */
void cb2_body_set_collision_groups(cb2_body *body, uint64_t items_mask, uint64_t boundaries_mask, uint64_t owner_bits);

/* ---- Joints (anchors and axes in world metres) ---- */
void cb2_linear_stiffness(double frequency_hz, double damping_ratio, const cb2_body *a, const cb2_body *b,
                          double *stiffness, double *damping);
void cb2_angular_stiffness(double frequency_hz, double damping_ratio, const cb2_body *a, const cb2_body *b,
                           double *stiffness, double *damping);

cb2_joint *cb2_joint_create_distance(cb2_world *world, cb2_body *a, cb2_body *b,
                                     double ax, double ay, double bx, double by,
                                     double length, double min_length, double max_length,
                                     double stiffness, double damping);
void cb2_distance_joint_set_lengths(cb2_joint *joint, double length, double min_length, double max_length);
void cb2_distance_joint_set_spring(cb2_joint *joint, double stiffness, double damping);
double cb2_distance_joint_current_length(const cb2_joint *joint);

cb2_joint *cb2_joint_create_revolute(cb2_world *world, cb2_body *a, cb2_body *b, double x, double y,
                                     int32_t enable_limit, double lower, double upper, double max_motor_torque);
void cb2_revolute_joint_set_limits(cb2_joint *joint, int32_t enable, double lower, double upper);
void cb2_revolute_joint_set_friction(cb2_joint *joint, double max_motor_torque);
double cb2_revolute_joint_angle(const cb2_joint *joint);

cb2_joint *cb2_joint_create_prismatic(cb2_world *world, cb2_body *a, cb2_body *b, double x, double y,
                                      double axis_x, double axis_y,
                                      int32_t enable_limit, double lower, double upper, double max_motor_force);
void cb2_prismatic_joint_set_limits(cb2_joint *joint, int32_t enable, double lower, double upper);
void cb2_prismatic_joint_set_friction(cb2_joint *joint, double max_motor_force);
double cb2_prismatic_joint_translation(const cb2_joint *joint);

cb2_joint *cb2_joint_create_weld(cb2_world *world, cb2_body *a, cb2_body *b, double x, double y,
                                 double stiffness, double damping);
void cb2_weld_joint_set_spring(cb2_joint *joint, double stiffness, double damping);

/* Body a is the ground; body b is pulled towards the target at its world anchor (x, y). */
cb2_joint *cb2_joint_create_mouse(cb2_world *world, cb2_body *ground, cb2_body *b, double x, double y,
                                  double max_force, double stiffness, double damping);
void cb2_mouse_joint_set_target(cb2_joint *joint, double x, double y);
void cb2_mouse_joint_set_spring(cb2_joint *joint, double stiffness, double damping);
void cb2_mouse_joint_set_max_force(cb2_joint *joint, double max_force);

/* 1 while Box2D still holds the joint (destroying either body destroys its joints). */
int32_t cb2_joint_is_valid(const cb2_joint *joint);
void cb2_joint_destroy(cb2_joint *joint);

#ifdef __cplusplus
}
#endif
#endif
